import type { FormEvent } from 'react';
import { Field, SelectField } from '@/components/field';
import { FormButtons } from '@/components/form-buttons';
import { useFormFields } from '@/lib/use-form-fields';
import type { Direction, MetricInput } from '../api/get-metrics';
import { parseAmount } from '../lib/format';

/**
 * Add or edit a metric: its name, unit, target and which way is better. The values live here and are cleared
 * only after a successful add (onSave resolves), so a failed save loses nothing typed; the API's reasons show
 * beside their fields.
 */
export function MetricForm({
  initial,
  submitLabel,
  pending,
  onSave,
  onCancel,
}: {
  initial?: MetricInput;
  submitLabel: string;
  pending: boolean;
  onSave: (input: MetricInput) => Promise<void>;
  onCancel?: () => void;
}) {
  const { values, field, reset, show, fromError } = useFormFields<keyof MetricInput>({
    name: initial?.name ?? '',
    unit: initial?.unit ?? '',
    target: initial?.target === null || !initial ? '' : String(initial.target),
    direction: initial?.direction ?? 'up',
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const { name, unit, target } = values;
    const amount = target.trim() ? parseAmount(target) : null;
    const found = {
      ...(!name.trim() && { name: 'Name the metric, e.g. Monthly revenue.' }),
      ...(target.trim() && amount === null && { target: 'Enter the target as a number, e.g. 50000.' }),
    };
    if (show(found, form)) return;
    try {
      // The choice list offers only the two directions.
      await onSave({
        name: name.trim(),
        unit: unit.trim(),
        target: amount,
        direction: values.direction as Direction,
      });
    } catch (error) {
      fromError(error, form);
      return;
    }
    if (!initial) reset();
  };

  return (
    <form className="metric-form" onSubmit={submit} noValidate>
      <div className="metric-form-row">
        <Field label="Name" maxLength={100} required {...field('name')} />
        <Field label="Unit" hint="Optional: USD, %, leads..." maxLength={20} {...field('unit')} />
        <Field label="Target" hint="Optional" inputMode="decimal" {...field('target')} />
        <SelectField label="Better when" {...field('direction')}>
          <option value="up">Higher</option>
          <option value="down">Lower</option>
        </SelectField>
      </div>
      <FormButtons submitLabel={submitLabel} pending={pending} onCancel={onCancel} />
    </form>
  );
}
