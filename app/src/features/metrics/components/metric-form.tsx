import { useState, type FormEvent } from 'react';
import { Field, SelectField } from '@/components/field';
import { FormButtons } from '@/components/form-buttons';
import { useFieldErrors } from '@/lib/use-field-errors';
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
  const [name, setName] = useState(initial?.name ?? '');
  const [unit, setUnit] = useState(initial?.unit ?? '');
  const [target, setTarget] = useState(initial?.target === null || !initial ? '' : String(initial.target));
  const [direction, setDirection] = useState<Direction>(initial?.direction ?? 'up');
  const { errors: problems, show, fromError } = useFieldErrors<keyof MetricInput>();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const amount = target.trim() ? parseAmount(target) : null;
    const found = {
      ...(!name.trim() && { name: 'Name the metric, e.g. Monthly revenue.' }),
      ...(target.trim() && amount === null && { target: 'Enter the target as a number, e.g. 50000.' }),
    };
    if (show(found, form)) return;
    try {
      await onSave({ name: name.trim(), unit: unit.trim(), target: amount, direction });
    } catch (error) {
      fromError(error, form);
      return;
    }
    if (!initial) {
      setName('');
      setUnit('');
      setTarget('');
      setDirection('up');
    }
  };

  return (
    <form className="metric-form" onSubmit={submit} noValidate>
      <div className="metric-form-row">
        <Field
          label="Name"
          value={name}
          maxLength={100}
          required
          onChange={(e) => setName(e.target.value)}
          error={problems.name}
        />
        <Field
          label="Unit"
          hint="Optional: USD, %, leads..."
          value={unit}
          maxLength={20}
          onChange={(e) => setUnit(e.target.value)}
          error={problems.unit}
        />
        <Field
          label="Target"
          hint="Optional"
          inputMode="decimal"
          value={target}
          onChange={(e) => setTarget(e.target.value)}
          error={problems.target}
        />
        <SelectField
          label="Better when"
          value={direction}
          onChange={(e) => setDirection(e.target.value as Direction)}
          error={problems.direction}
        >
          <option value="up">Higher</option>
          <option value="down">Lower</option>
        </SelectField>
      </div>
      <FormButtons submitLabel={submitLabel} pending={pending} onCancel={onCancel} />
    </form>
  );
}
