import { useId, useState } from 'react';
import { stageLabel, stageOf } from '@/lib/stages';
import { formatDateTime } from '@/lib/dates';
import type { Task } from '../api/get-client-tasks';
import { useDeadline } from '../api/get-deadline';
import type { TeamMember } from '../api/get-team-members';
import { AssignForm } from './assign-form';
import { DeadlineForm } from './deadline-form';
import { TaskStatusForm } from './task-status-form';

/** One task: who is responsible, the deadline and the status, each changeable in place by its own form. */
export function TaskItem({ task, members, zone }: { task: Task; members: TeamMember[]; zone: string }) {
  const id = useId();
  const [editingDeadline, setEditingDeadline] = useState(false);
  const current = useDeadline(task.id, editingDeadline);

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
        <dd>{shownDeadline ? formatDateTime(shownDeadline, zone) : 'None'}</dd>
        {task.file_name && (
          <>
            <dt>File</dt>
            <dd>{task.file_name}</dd>
          </>
        )}
      </dl>
      <div className="task-forms">
        <AssignForm task={task} members={members} />
        <DeadlineForm
          task={task}
          zone={zone}
          onEditing={() => setEditingDeadline(true)}
          onSaved={() => setEditingDeadline(false)}
        />
        <TaskStatusForm task={task} />
      </div>
    </li>
  );
}
