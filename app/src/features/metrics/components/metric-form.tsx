import { useId, useState, type FormEvent } from 'react';
import { Field } from '@/components/field';
import { FormButtons } from '@/components/form-buttons';
import type { Direction, MetricInput } from '../api/get-metrics';
import { parseAmount } from '../lib/format';

/**
 * Add or edit a metric: its name, unit, target and which way is better. The values live here and are cleared
 * only after a successful add (onSave resolves true), so a failed save loses nothing typed.
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
  onSave: (input: MetricInput) => Promise<boolean>;
  onCancel?: () => void;
}) {
  const [name, setName] = useState(initial?.name ?? '');
  const [unit, setUnit] = useState(initial?.unit ?? '');
  const [target, setTarget] = useState(initial?.target === null || !initial ? '' : String(initial.target));
  const [direction, setDirection] = useState<Direction>(initial?.direction ?? 'up');
  const [problems, setProblems] = useState<{ name?: string; target?: string }>({});
  const directionId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const amount = target.trim() ? parseAmount(target) : null;
    const found = {
      ...(!name.trim() && { name: 'Name the metric, e.g. Monthly revenue.' }),
      ...(target.trim() && amount === null && { target: 'Enter the target as a number, e.g. 50000.' }),
    };
    setProblems(found);
    if (Object.keys(found).length) return;
    const saved = await onSave({ name: name.trim(), unit: unit.trim(), target: amount, direction });
    if (saved && !initial) {
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
        />
        <Field
          label="Target"
          hint="Optional"
          inputMode="decimal"
          value={target}
          onChange={(e) => setTarget(e.target.value)}
          error={problems.target}
        />
        <div className="field">
          <label htmlFor={directionId}>Better when</label>
          <select
            id={directionId}
            value={direction}
            onChange={(e) => setDirection(e.target.value as Direction)}
          >
            <option value="up">Higher</option>
            <option value="down">Lower</option>
          </select>
        </div>
      </div>
      <FormButtons submitLabel={submitLabel} pending={pending} onCancel={onCancel} />
    </form>
  );
}
