import { useId, useState, type FormEvent } from 'react';
import { Field, TextAreaField } from '@/components/field';
import { FormButtons } from '@/components/form-buttons';
import { formatDate } from '@/lib/dates';
import { STAGES, codeFor, movedMessage, stageLabel, stageOf, type Stage } from '@/lib/stages';
import { notify } from '@/lib/toast';
import { useFormFields } from '@/lib/use-form-fields';
import { useAddStep, type StepInput } from '../api/add-step';
import { useEditStep } from '../api/edit-step';
import type { ClientStep } from '../api/get-client';
import { useMoveStep } from '../api/move-step';

type StepField = 'title' | 'description' | 'due_date';

/** A step's words and due date: a new step, or an edit of one. */
function StepForm({
  step,
  submitLabel,
  pending,
  onSave,
  onCancel,
}: {
  step?: ClientStep;
  submitLabel: string;
  pending: boolean;
  onSave: (input: StepInput, done: () => void, failed: (error: unknown) => void) => void;
  onCancel?: () => void;
}) {
  const { values, field, reset, show, fromError } = useFormFields<StepField>({
    title: step?.title ?? '',
    description: step?.description ?? '',
    due_date: step?.due_date ?? '',
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const title = values.title.trim();
    if (show({ title: title ? undefined : 'Write the step.' }, form)) return;
    const input = { title, description: values.description.trim(), due_date: values.due_date || null };
    onSave(
      input,
      () => {
        if (!step) reset();
      },
      (error) => fromError(error, form),
    );
  };
  return (
    <form className="client-step-form" onSubmit={submit} noValidate>
      <Field label="Step" {...field('title')} />
      <TextAreaField label="Description" {...field('description')} rows={2} />
      <Field label="Due date" type="date" {...field('due_date')} />
      <FormButtons submitLabel={submitLabel} pending={pending} onCancel={onCancel} />
    </form>
  );
}

/** One step: its stage as a choice list (moving it with the keyboard or a tap), and its edit form on demand. */
function StepRow({ clientId, step }: { clientId: number; step: ClientStep }) {
  const selectId = useId();
  const [editing, setEditing] = useState(false);
  const move = useMoveStep(clientId);
  const edit = useEditStep(clientId);
  const stage = stageOf('action-step', step.status);
  const moveTo = (next: Stage) =>
    move.mutate(
      { id: step.id, status: codeFor('action-step', next) },
      { onSuccess: () => notify.success(movedMessage('action-step', next)) },
    );
  if (editing)
    return (
      <li className="client-row">
        <StepForm
          step={step}
          submitLabel="Save step"
          pending={edit.isPending}
          onCancel={() => setEditing(false)}
          onSave={(input, done, failed) =>
            edit.mutate(
              { id: step.id, ...input },
              {
                onSuccess: () => {
                  done();
                  setEditing(false);
                  notify.success('Action step saved');
                },
                onError: failed,
              },
            )
          }
        />
      </li>
    );
  return (
    <li className="client-row client-step" data-testid="coach-step">
      <strong>{step.title}</strong>
      {step.description && <span className="client-text">{step.description}</span>}
      {step.due_date && <span className="muted">Due {formatDate(step.due_date)}</span>}
      <div className="client-step-actions">
        <label htmlFor={selectId}>
          Stage<span className="visually-hidden"> of {step.title}</span>
        </label>
        <select
          id={selectId}
          value={stage}
          disabled={move.isPending}
          onChange={(e) => moveTo(e.target.value as Stage)}
        >
          {STAGES.map((s) => (
            <option key={s.key} value={s.key}>
              {s.label}
            </option>
          ))}
        </select>
        <button type="button" className="btn" onClick={() => setEditing(true)}>
          Edit<span className="visually-hidden"> {step.title}</span>
        </button>
      </div>
    </li>
  );
}

/** The client's action steps (the coach adds, edits and moves them; the client's board follows) and commitments. */
export function ClientSteps({
  clientId,
  steps,
  commitments,
}: {
  clientId: number;
  steps: ClientStep[];
  commitments: ClientStep[];
}) {
  const add = useAddStep(clientId);
  return (
    <section id="steps" className="card client-section" aria-labelledby="steps-title">
      <h2 id="steps-title">Action steps and commitments</h2>
      <h3>Action steps</h3>
      {steps.length === 0 ? (
        <p className="muted">No action steps yet.</p>
      ) : (
        <ul className="client-list">
          {steps.map((s) => (
            <StepRow key={s.id} clientId={clientId} step={s} />
          ))}
        </ul>
      )}
      <details className="client-add">
        <summary>Add an action step</summary>
        <StepForm
          submitLabel="Add step"
          pending={add.isPending}
          onSave={(input, done, failed) =>
            add.mutate(input, {
              onSuccess: () => {
                done();
                notify.success('Action step added');
              },
              onError: failed,
            })
          }
        />
      </details>
      <h3>Commitments</h3>
      {commitments.length === 0 ? (
        <p className="muted">No commitments yet.</p>
      ) : (
        <ul className="client-list">
          {commitments.map((c) => (
            <li key={c.id} className="client-row">
              <strong>{c.title}</strong>
              <span className="muted">
                {stageLabel(stageOf('commitment', c.status))}
                {c.due_date && `, due ${formatDate(c.due_date)}`}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
