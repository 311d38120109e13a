import { useState, type FormEvent } from 'react';
import { Field, SelectField } from '@/components/field';
import { useFieldErrors } from '@/lib/use-field-errors';
import type { Metric } from '../api/get-metrics';
import type { MonthInput } from '../api/track-month';
import { monthName, parseAmount, recentMonths } from '../lib/format';
import { FormButtons } from '@/components/form-buttons';

/** Three years of months to pick from: a coaching engagement's worth of history. */
const MONTHS_OFFERED = 36;

/**
 * Records one month of a metric. Picking a month that already has a value fills in that value and note, so
 * correcting a month is the same form; what was typed stays when the save fails.
 */
export function MonthForm({
  metric,
  latest,
  pending,
  onSave,
}: {
  metric: Metric;
  /** The current month in the client's time zone: the latest one that can be recorded. */
  latest: string;
  pending: boolean;
  onSave: (input: MonthInput) => Promise<void>;
}) {
  const recorded = (period: string) => metric.values.find((v) => v.period === period);
  const [period, setPeriod] = useState(latest);
  const [value, setValue] = useState(() => String(recorded(latest)?.value ?? ''));
  const [note, setNote] = useState(() => recorded(latest)?.note ?? '');
  const { errors, show, fromError } = useFieldErrors<keyof MonthInput>();

  const pick = (next: string) => {
    setPeriod(next);
    setValue(String(recorded(next)?.value ?? ''));
    setNote(recorded(next)?.note ?? '');
    show({});
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const amount = parseAmount(value);
    if (show(amount === null ? { value: 'Enter the value as a number, e.g. 48250.' } : {}, form)) return;
    await onSave({ metric_id: metric.id, period, value: amount, note: note.trim() }).catch((error: unknown) =>
      fromError(error, form),
    );
  };

  return (
    <form className="month-form" onSubmit={submit} noValidate aria-label={`Record a month of ${metric.name}`}>
      <div className="month-form-row">
        <SelectField
          label="Month"
          value={period}
          onChange={(e) => pick(e.target.value)}
          error={errors.period}
        >
          {recentMonths(latest, MONTHS_OFFERED).map((m) => (
            <option key={m} value={m}>
              {monthName(m)}
              {recorded(m) ? ' (recorded)' : ''}
            </option>
          ))}
        </SelectField>
        <Field
          label={metric.unit ? `Value (${metric.unit})` : 'Value'}
          inputMode="decimal"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          error={errors.value}
        />
        <Field
          label="Note (optional)"
          value={note}
          maxLength={500}
          onChange={(e) => setNote(e.target.value)}
          error={errors.note}
        />
      </div>
      <FormButtons submitLabel={recorded(period) ? 'Update month' : 'Record month'} pending={pending} />
    </form>
  );
}
