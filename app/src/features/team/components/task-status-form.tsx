import { useId, useState, type FormEvent } from 'react';
import { FieldError, controlAria } from '@/components/field';
import { STAGES, codeFor, stageOf, type Stage } from '@/lib/stages';
import { notify } from '@/lib/toast';
import { useFieldErrors } from '@/lib/use-field-errors';
import type { Task } from '../api/get-client-tasks';
import { useUpdateTaskStatus } from '../api/update-task-status';
import { TASK_UPDATED } from './messages';
import { saveShowing } from './save-showing';

/** Sets the task's stage and its note together, as one update. */
export function TaskStatusForm({ task }: { task: Task }) {
  const id = useId();
  const [stage, setStage] = useState<Stage>(stageOf('task', task.status));
  const [note, setNote] = useState(task.note);
  const update = useUpdateTaskStatus();
  const problems = useFieldErrors<'status' | 'note'>();
  const { errors } = problems;

  const onStatus = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void saveShowing(event.currentTarget, problems, async () => {
      await update.mutateAsync({ task_id: task.id, status: codeFor('task', stage), note });
      notify.success(TASK_UPDATED);
    });
  };

  return (
    <form onSubmit={onStatus} className="task-form task-form-wide">
      <div className="task-form-row">
        <div className="task-field">
          <label htmlFor={`${id}-status`}>Status</label>
          <select
            {...controlAria(`${id}-status`, false, errors.status)}
            value={stage}
            onChange={(e) => setStage(e.target.value as Stage)}
          >
            {STAGES.map((s) => (
              <option key={s.key} value={s.key}>
                {s.label}
              </option>
            ))}
          </select>
          <FieldError id={`${id}-status`} error={errors.status} />
        </div>
        <div className="task-field task-note">
          <label htmlFor={`${id}-note`}>Note</label>
          <input
            {...controlAria(`${id}-note`, false, errors.note)}
            value={note}
            maxLength={2000}
            onChange={(e) => setNote(e.target.value)}
          />
          <FieldError id={`${id}-note`} error={errors.note} />
        </div>
        <button
          type="submit"
          className="btn btn-primary"
          disabled={update.isPending}
          aria-label={`Update task: ${task.title}`}
        >
          Update task
        </button>
      </div>
    </form>
  );
}
