import { useState, type FormEvent } from 'react';
import { Field } from '@/components/field';
import { FormButtons } from '@/components/form-buttons';
import { formatDate } from '@/lib/dates';
import { useFieldErrors } from '@/lib/use-field-errors';
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
  const [title, setTitle] = useState('');
  const [due, setDue] = useState('');
  const [onBoard, setOnBoard] = useState(true);
  const { hidden, remove: undoable } = useUndoableDelete();
  const { errors, show, fromError } = useFieldErrors<keyof StepInput>();
  const steps = area.steps.filter((s) => !hidden.has(s.id));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (show({ ...(!title.trim() && { title: 'Give the step a title.' }) }, form)) return;
    try {
      await add.mutateAsync({
        areaId: area.id,
        title: title.trim(),
        due_date: due || null,
        add_to_action_steps: onBoard,
      });
      setTitle('');
      setDue('');
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
        <Field
          label="Step"
          value={title}
          maxLength={200}
          onChange={(e) => setTitle(e.target.value)}
          error={errors.title}
        />
        <Field
          label="Due date"
          type="date"
          value={due}
          onChange={(e) => setDue(e.target.value)}
          error={errors.due_date}
        />
        <label className="checkbox-field">
          <input type="checkbox" checked={onBoard} onChange={(e) => setOnBoard(e.target.checked)} /> Put it on
          the client's action steps board
        </label>
        <FormButtons submitLabel="Add step" pending={add.isPending} />
      </form>
    </div>
  );
}
