import { useId, useState, type FormEvent } from 'react';
import { notify } from '@/lib/toast';
import { useAssignTask } from '../api/assign-task';
import type { Task } from '../api/get-client-tasks';
import type { TeamMember } from '../api/get-team-members';
import { assignedMessage } from './messages';
import { saveQuietly } from './save-quietly';

/** Hands the task to one of the team's members. */
export function AssignForm({ task, members }: { task: Task; members: TeamMember[] }) {
  const id = useId();
  const [memberId, setMemberId] = useState(String(task.team_member_id ?? ''));
  const assign = useAssignTask();

  const onAssign = (event: FormEvent) => {
    event.preventDefault();
    const member = members.find((m) => String(m.id) === memberId);
    if (!member) return;
    void saveQuietly(async () => {
      await assign.mutateAsync({ task_id: task.id, member_id: member.id });
      notify.success(assignedMessage(member.first_name, member.last_name));
    });
  };

  return (
    <form onSubmit={onAssign} className="task-form">
      <label htmlFor={`${id}-member`}>Assign to</label>
      <div className="task-form-row">
        <select id={`${id}-member`} value={memberId} onChange={(e) => setMemberId(e.target.value)}>
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
    </form>
  );
}
