import { useId, useState, type FormEvent } from 'react';
import { STAGES, codeFor, stageOf, type Stage } from '@/lib/stages';
import { notify } from '@/lib/toast';
import type { Task } from '../api/get-client-tasks';
import { useUpdateTaskStatus } from '../api/update-task-status';
import { TASK_UPDATED } from './messages';
import { saveQuietly } from './save-quietly';

/** Sets the task's stage and its note together, as one update. */
export function TaskStatusForm({ task }: { task: Task }) {
  const id = useId();
  const [stage, setStage] = useState<Stage>(stageOf('task', task.status));
  const [note, setNote] = useState(task.note);
  const update = useUpdateTaskStatus();

  const onStatus = (event: FormEvent) => {
    event.preventDefault();
    void saveQuietly(async () => {
      await update.mutateAsync({ task_id: task.id, status: codeFor('task', stage), note });
      notify.success(TASK_UPDATED);
    });
  };

  return (
    <form onSubmit={onStatus} className="task-form task-form-wide">
      <div className="task-form-row">
        <div className="task-field">
          <label htmlFor={`${id}-status`}>Status</label>
          <select id={`${id}-status`} value={stage} onChange={(e) => setStage(e.target.value as Stage)}>
            {STAGES.map((s) => (
              <option key={s.key} value={s.key}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
        <div className="task-field task-note">
          <label htmlFor={`${id}-note`}>Note</label>
          <input id={`${id}-note`} value={note} maxLength={2000} onChange={(e) => setNote(e.target.value)} />
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
