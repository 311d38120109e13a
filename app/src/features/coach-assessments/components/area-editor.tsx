import { useId, useState } from 'react';
import { Field, TextAreaField } from '@/components/field';
import { SaveStatus } from '@/components/save-status';
import { useAutosave } from '@/lib/autosave';
import { editArea } from '../api/edit-area';
import type { Area, AreaFields } from '../api/get-assessment';
import { AreaSteps } from './area-steps';

type Texts = Record<keyof AreaFields, string>;

const textsOf = (a: Area): Texts => ({
  name: a.name,
  score: String(a.score),
  current_amount: String(a.current_amount),
  potential_amount: String(a.potential_amount),
  focus_rank: a.focus_rank === null ? '' : String(a.focus_rank),
  goal: a.goal,
});

const whole = (text: string, max: number) => /^\d{1,10}$/.test(text.trim()) && Number(text) <= max;

/** What is wrong with the typed line, field by field; none: it can be saved. */
function problems(t: Texts): Partial<Record<keyof AreaFields, string>> {
  return {
    ...(!t.name.trim() && { name: 'Give the line a name.' }),
    ...(!whole(t.score, 10) && { score: 'A score from 0 to 10.' }),
    ...(!whole(t.current_amount, 2_000_000_000) && { current_amount: 'A whole amount, 0 or more.' }),
    ...(!whole(t.potential_amount, 2_000_000_000) && { potential_amount: 'A whole amount, 0 or more.' }),
    ...(whole(t.current_amount, 2e9) &&
      whole(t.potential_amount, 2e9) &&
      Number(t.potential_amount) < Number(t.current_amount) && {
        potential_amount: 'The potential cannot be below the current amount.',
      }),
    ...(t.focus_rank.trim() !== '' &&
      !(whole(t.focus_rank, 100) && Number(t.focus_rank) >= 1) && {
        focus_rank: 'A priority from 1 to 100, or empty.',
      }),
  };
}

const fieldsOf = (t: Texts): AreaFields => ({
  name: t.name.trim(),
  score: Number(t.score),
  current_amount: Number(t.current_amount),
  potential_amount: Number(t.potential_amount),
  focus_rank: t.focus_rank.trim() === '' ? null : Number(t.focus_rank),
  goal: t.goal,
});

/**
 * One analysis line, saved as it is typed (autosave, "Saved" beside it); a line with a priority is a focus area
 * and gets its implementation steps below.
 */
export function AreaEditor({
  clientId,
  assessmentId,
  area,
  currency,
  onDelete,
}: {
  clientId: number;
  assessmentId: number;
  area: Area;
  currency: string;
  onDelete: () => void;
}) {
  const [texts, setTexts] = useState(() => textsOf(area));
  const errors = problems(texts);
  // The newest value that can be saved: a half-typed amount waits until it is one again.
  const [valid, setValid] = useState(() => fieldsOf(texts));
  const { status, retry } = useAutosave(valid, (value) => editArea(clientId, area.id, value));
  const titleId = useId();
  const set = (field: keyof AreaFields) => (e: { target: { value: string } }) => {
    const next = { ...texts, [field]: e.target.value };
    setTexts(next);
    if (Object.keys(problems(next)).length === 0) setValid(fieldsOf(next));
  };
  const label = texts.name.trim() || 'Untitled line';

  return (
    <li className="card area-editor">
      <h3 id={titleId}>{label}</h3>
      <div className="area-fields" role="group" aria-labelledby={titleId}>
        <Field label="Name" value={texts.name} maxLength={200} onChange={set('name')} error={errors.name} />
        <Field
          label="Score (0-10)"
          inputMode="numeric"
          value={texts.score}
          onChange={set('score')}
          error={errors.score}
        />
        <Field
          label={`Current (${currency})`}
          inputMode="numeric"
          value={texts.current_amount}
          onChange={set('current_amount')}
          error={errors.current_amount}
        />
        <Field
          label={`Potential (${currency})`}
          inputMode="numeric"
          value={texts.potential_amount}
          onChange={set('potential_amount')}
          error={errors.potential_amount}
        />
        <Field
          label="Priority"
          hint="1 first; empty: not a focus area."
          inputMode="numeric"
          value={texts.focus_rank}
          onChange={set('focus_rank')}
          error={errors.focus_rank}
        />
      </div>
      <TextAreaField label="Goal" value={texts.goal} maxLength={2000} onChange={set('goal')} />
      <div className="button-row">
        <SaveStatus status={status} retry={retry} />
        <button type="button" className="btn btn-danger" onClick={onDelete}>
          Delete {label}
        </button>
      </div>
      {area.focus_rank !== null && (
        <AreaSteps clientId={clientId} assessmentId={assessmentId} area={area} label={label} />
      )}
    </li>
  );
}
