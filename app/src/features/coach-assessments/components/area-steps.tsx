import { useState, type FormEvent } from 'react';
import { Field } from '@/components/field';
import { FormButtons } from '@/components/form-buttons';
import { formatDate } from '@/lib/dates';
import { useFormFields } from '@/lib/use-form-fields';
import { useUndoableDelete } from '@/components/use-undoable-delete';
import { useAddStep, type StepInput } from '../api/add-step';
import { deleteStep } from '../api/delete-step';
import type { Area } from '../api/get-assessment';

/** A focus area's implementation steps: add one (on the client's board if asked), delete with undo. */
export function AreaSteps({
  clientId,
  assessmentId,
  area,
  label,
}: {
  clientId: number;
  assessmentId: number;
  area: Area;
  label: string;
}) {
  const add = useAddStep(clientId, assessmentId);
  const { values, field, reset, show, fromError } = useFormFields<
    Extract<keyof StepInput, 'title' | 'due_date'>
  >({
    title: '',
    due_date: '',
  });
  const [onBoard, setOnBoard] = useState(true);
  const { hidden, remove: undoable } = useUndoableDelete();
  const steps = area.steps.filter((s) => !hidden.has(s.id));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const title = values.title.trim();
    if (show({ ...(!title && { title: 'Give the step a title.' }) }, form)) return;
    try {
      await add.mutateAsync({
        areaId: area.id,
        title,
        due_date: values.due_date || null,
        add_to_action_steps: onBoard,
      });
      reset();
    } catch (error) {
      fromError(error, form);
    }
  };

  const remove = (step: Area['steps'][number]) =>
    undoable(step.id, `Step "${step.title}" deleted`, () => deleteStep(clientId, step.id));

  return (
    <div className="area-steps">
      <h4>Implementation steps</h4>
      {steps.length === 0 ? (
        <p className="muted">No steps planned for this focus area yet.</p>
      ) : (
        <ul aria-label={`Steps of ${label}`}>
          {steps.map((s) => (
            <li key={s.id}>
              {s.title}
              {s.due_date && <span className="muted">, due {formatDate(s.due_date)}</span>}
              {s.on_board && <span className="muted">, on the client's board</span>}{' '}
              <button type="button" className="btn btn-link" onClick={() => remove(s)}>
                Delete step {s.title}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={`New step for ${label}`}>
        <Field label="Step" maxLength={200} {...field('title')} />
        <Field label="Due date" type="date" {...field('due_date')} />
        <label className="checkbox-field">
          <input type="checkbox" checked={onBoard} onChange={(e) => setOnBoard(e.target.checked)} /> Put it on
          the client's action steps board
        </label>
        <FormButtons submitLabel="Add step" pending={add.isPending} />
      </form>
    </div>
  );
}
