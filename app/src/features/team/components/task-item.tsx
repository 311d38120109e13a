import { useId, useState, type FormEvent } from 'react';
import { STAGES, codeFor, stageLabel, stageOf, type Stage } from '@/lib/stages';
import { notify } from '@/lib/toast';
import { formatInZone, formatWithZone, fromLocalInput, toLocalInput } from '@/lib/zoned-dates';
import { useAssignTask } from '../api/assign-task';
import type { Task } from '../api/get-client-tasks';
import type { TeamMember } from '../api/get-team-members';
import { useChangeDeadline } from '../api/change-deadline';
import { useDeadline } from '../api/get-deadline';
import { useUpdateTaskStatus } from '../api/update-task-status';
import { TASK_UPDATED, assignedMessage, deadlineMessage } from './messages';

/** A failed save was already a toast (axios interceptor); the inputs keep their values. */
const quietly = async (run: () => Promise<void>) => run().catch(() => undefined);

/** One task: who is responsible, the deadline and the status, each changeable in place. */
export function TaskItem({ task, members, zone }: { task: Task; members: TeamMember[]; zone: string }) {
  const id = useId();
  const [memberId, setMemberId] = useState(String(task.team_member_id ?? ''));
  const [deadline, setDeadline] = useState(() => toLocalInput(task.deadline, zone));
  const [stage, setStage] = useState<Stage>(stageOf('task', task.status));
  const [note, setNote] = useState(task.note);
  const [editingDeadline, setEditingDeadline] = useState(false);
  const assign = useAssignTask();
  const change = useChangeDeadline();
  const update = useUpdateTaskStatus();
  const current = useDeadline(task.id, editingDeadline);

  const onAssign = (event: FormEvent) => {
    event.preventDefault();
    const member = members.find((m) => String(m.id) === memberId);
    if (!member) return;
    void quietly(async () => {
      await assign.mutateAsync({ task_id: task.id, member_id: member.id });
      notify.success(assignedMessage(member.first_name, member.last_name));
    });
  };
  const onDeadline = (event: FormEvent) => {
    event.preventDefault();
    const iso = fromLocalInput(deadline, zone);
    if (!iso) return;
    void quietly(async () => {
      const saved = await change.mutateAsync({ task_id: task.id, deadline: iso });
      notify.success(deadlineMessage(formatInZone(saved.deadline ?? iso, zone)));
      setEditingDeadline(false);
    });
  };
  const onStatus = (event: FormEvent) => {
    event.preventDefault();
    void quietly(async () => {
      await update.mutateAsync({ task_id: task.id, status: codeFor('task', stage), note });
      notify.success(TASK_UPDATED);
    });
  };

  const shownDeadline =
    (editingDeadline && current.data !== undefined ? current.data : task.deadline) ?? null;
  return (
    <li className="card task-item" aria-labelledby={`${id}-title`}>
      <div className="task-head">
        <h3 id={`${id}-title`}>{task.title}</h3>
        <span className={`task-stage task-stage-${stageOf('task', task.status)}`}>
          {stageLabel(stageOf('task', task.status))}
        </span>
      </div>
      <dl className="task-facts">
        <dt>Responsibility</dt>
        <dd>{task.responsibility || 'Unassigned'}</dd>
        <dt>Deadline</dt>
        <dd>{shownDeadline ? formatWithZone(shownDeadline, zone) : 'None'}</dd>
        {task.file_name && (
          <>
            <dt>File</dt>
            <dd>{task.file_name}</dd>
          </>
        )}
      </dl>
      <div className="task-forms">
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
        <form onSubmit={onDeadline} className="task-form">
          <label htmlFor={`${id}-deadline`}>New deadline</label>
          <div className="task-form-row">
            <input
              id={`${id}-deadline`}
              type="datetime-local"
              value={deadline}
              onFocus={() => setEditingDeadline(true)}
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
              <input
                id={`${id}-note`}
                value={note}
                maxLength={2000}
                onChange={(e) => setNote(e.target.value)}
              />
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
      </div>
    </li>
  );
}
