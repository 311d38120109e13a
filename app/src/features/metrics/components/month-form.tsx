import { useId, useState, type FormEvent } from 'react';
import { Field } from '@/components/field';
import type { Metric } from '../api/get-metrics';
import type { MonthInput } from '../api/track-month';
import { monthName, parseAmount, recentMonths } from '../lib/format';

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
  onSave: (input: MonthInput) => Promise<boolean>;
}) {
  const recorded = (period: string) => metric.values.find((v) => v.period === period);
  const [period, setPeriod] = useState(latest);
  const [value, setValue] = useState(() => String(recorded(latest)?.value ?? ''));
  const [note, setNote] = useState(() => recorded(latest)?.note ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const monthId = useId();

  const pick = (next: string) => {
    setPeriod(next);
    setValue(String(recorded(next)?.value ?? ''));
    setNote(recorded(next)?.note ?? '');
    setProblem(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const amount = parseAmount(value);
    if (amount === null) return setProblem('Enter the value as a number, e.g. 48250.');
    setProblem(null);
    await onSave({ metric_id: metric.id, period, value: amount, note: note.trim() });
  };

  return (
    <form className="month-form" onSubmit={submit} noValidate aria-label={`Record a month of ${metric.name}`}>
      <div className="month-form-row">
        <div className="field">
          <label htmlFor={monthId}>Month</label>
          <select id={monthId} value={period} onChange={(e) => pick(e.target.value)}>
            {recentMonths(latest, MONTHS_OFFERED).map((m) => (
              <option key={m} value={m}>
                {monthName(m)}
                {recorded(m) ? ' (recorded)' : ''}
              </option>
            ))}
          </select>
        </div>
        <Field
          label={metric.unit ? `Value (${metric.unit})` : 'Value'}
          inputMode="decimal"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          error={problem}
        />
        <Field
          label="Note (optional)"
          value={note}
          maxLength={500}
          onChange={(e) => setNote(e.target.value)}
        />
      </div>
      <button type="submit" className="btn btn-primary" disabled={pending}>
        {pending ? 'Saving...' : recorded(period) ? 'Update month' : 'Record month'}
      </button>
    </form>
  );
}
