import { useId, useState, type FormEvent } from 'react';
import { notify } from '@/lib/toast';
import { formatDateTime, fromLocalInput, toLocalInput } from '@/lib/dates';
import { useChangeDeadline } from '../api/change-deadline';
import type { Task } from '../api/get-client-tasks';
import { deadlineMessage } from './messages';
import { saveQuietly } from './save-quietly';

/**
 * Moves the task's deadline, typed in the user's zone. The card shows the stored deadline while this is being
 * edited, so it learns when editing starts (onEditing) and ends with a save (onSaved).
 */
export function DeadlineForm({
  task,
  zone,
  onEditing,
  onSaved,
}: {
  task: Task;
  zone: string;
  onEditing: () => void;
  onSaved: () => void;
}) {
  const id = useId();
  const [deadline, setDeadline] = useState(() => toLocalInput(task.deadline, zone));
  const change = useChangeDeadline();

  const onDeadline = (event: FormEvent) => {
    event.preventDefault();
    const iso = fromLocalInput(deadline, zone);
    if (!iso) return;
    void saveQuietly(async () => {
      const saved = await change.mutateAsync({ task_id: task.id, deadline: iso });
      notify.success(deadlineMessage(formatDateTime(saved.deadline ?? iso, zone)));
      onSaved();
    });
  };

  return (
    <form onSubmit={onDeadline} className="task-form">
      <label htmlFor={`${id}-deadline`}>New deadline</label>
      <div className="task-form-row">
        <input
          id={`${id}-deadline`}
          type="datetime-local"
          value={deadline}
          onFocus={onEditing}
          onChange={(e) => setDeadline(e.target.value)}
        />
        <button
          type="submit"
          className="btn btn-secondary"
          disabled={!deadline || change.isPending}
          aria-label={`Change deadline: ${task.title}`}
        >
          Change deadline
        </button>
      </div>
    </form>
  );
}
