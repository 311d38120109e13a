import { useId, useState, type FormEvent } from 'react';
import { FieldError, controlAria } from '@/components/field';
import { notify } from '@/lib/toast';
import { useFieldErrors } from '@/lib/use-field-errors';
import { formatDateTime, fromLocalInput, toLocalInput } from '@/lib/dates';
import { useChangeDeadline } from '../api/change-deadline';
import type { Task } from '../api/get-client-tasks';
import { deadlineMessage } from './messages';
import { saveShowing } from './save-showing';

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
  const problems = useFieldErrors<'deadline'>();

  const onDeadline = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const iso = fromLocalInput(deadline, zone);
    if (!iso) return;
    void saveShowing(event.currentTarget, problems, async () => {
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
          {...controlAria(`${id}-deadline`, false, problems.errors.deadline)}
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
      <FieldError id={`${id}-deadline`} error={problems.errors.deadline} />
    </form>
  );
}
