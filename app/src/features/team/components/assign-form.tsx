import { useId, useState, type FormEvent } from 'react';
import { FieldError, controlAria } from '@/components/field';
import { notify } from '@/lib/toast';
import { useFieldErrors } from '@/lib/use-field-errors';
import { useAssignTask } from '../api/assign-task';
import type { Task } from '../api/get-client-tasks';
import type { TeamMember } from '../api/get-team-members';
import { assignedMessage } from './messages';
import { saveShowing } from './save-showing';

/** Hands the task to one of the team's members. */
export function AssignForm({ task, members }: { task: Task; members: TeamMember[] }) {
  const id = useId();
  const [memberId, setMemberId] = useState(String(task.team_member_id ?? ''));
  const assign = useAssignTask();
  const problems = useFieldErrors<'member_id'>();

  const onAssign = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const member = members.find((m) => String(m.id) === memberId);
    if (!member) return;
    void saveShowing(event.currentTarget, problems, async () => {
      await assign.mutateAsync({ task_id: task.id, member_id: member.id });
      notify.success(assignedMessage(member.first_name, member.last_name));
    });
  };

  return (
    <form onSubmit={onAssign} className="task-form">
      <label htmlFor={`${id}-member`}>Assign to</label>
      <div className="task-form-row">
        <select
          {...controlAria(`${id}-member`, false, problems.errors.member_id)}
          value={memberId}
          onChange={(e) => setMemberId(e.target.value)}
        >
          <option value="">Choose…</option>
          {members.map((m) => (
            <option key={m.id} value={m.id}>
              {m.first_name} {m.last_name}
            </option>
          ))}
        </select>
        <button
          type="submit"
          className="btn btn-secondary"
          disabled={!memberId || assign.isPending}
          aria-label={`Assign: ${task.title}`}
        >
          Assign
        </button>
      </div>
      <FieldError id={`${id}-member`} error={problems.errors.member_id} />
    </form>
  );
}
