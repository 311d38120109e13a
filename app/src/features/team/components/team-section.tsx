/**
 * Team members and their tasks. SPEC §2 gives them no route of their own, so they live on /action-steps,
 * below the boards (composed there by src/app): tasks are the team's action steps.
 */
import { QueryState } from '@/components/query-state';
import { useUser } from '@/lib/session';
import { ZoneNote } from '@/components/zone-note';
import { displayZone } from '@/lib/dates';
import { useDownloadTasks } from '../api/download-tasks';
import { useClientTasks } from '../api/get-client-tasks';
import { useTeamMembers } from '../api/get-team-members';
import { AddMemberForm } from './add-member-form';
import { ShareForm } from './share-form';
import { TaskItem } from './task-item';
import './team.css';

export function TeamSection() {
  const user = useUser();
  const zone = displayZone(user.time_zone);
  const members = useTeamMembers();
  const tasks = useClientTasks();
  const download = useDownloadTasks();

  const memberList = (
    <QueryState
      query={members}
      what="Your team"
      errorClassName="empty-state"
      empty={<p className="muted">No team members yet.</p>}
    >
      {(list) => (
        <ul className="member-list">
          {list.map((m) => (
            <li key={m.id}>
              <strong>
                {m.first_name} {m.last_name}
              </strong>
              {m.email && <span className="muted"> · {m.email}</span>}
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );

  const taskList = (
    <QueryState
      query={tasks}
      what="Your tasks"
      errorClassName="empty-state"
      empty={<p className="muted">No tasks yet.</p>}
    >
      {(list) => (
        <ul className="task-list">
          {list.map((t) => (
            <TaskItem key={t.id} task={t} members={members.data ?? []} zone={zone} />
          ))}
        </ul>
      )}
    </QueryState>
  );

  return (
    <section className="team-section" aria-labelledby="team-title">
      <h2 id="team-title">My Team</h2>
      <div className="team-grid">
        <section className="card" aria-labelledby="members-title">
          <h3 id="members-title">Team members</h3>
          {memberList}
          <AddMemberForm />
        </section>
        <section className="card" aria-labelledby="tasks-title">
          <div className="tasks-head">
            <h3 id="tasks-title">Tasks</h3>
            <button
              type="button"
              className="btn btn-secondary"
              disabled={download.isPending || !tasks.data?.length}
              onClick={() => download.mutate()}
            >
              {download.isPending ? 'Preparing...' : 'Download tasks'}
            </button>
          </div>
          <ZoneNote zone={zone} what="Deadlines" />
          {taskList}
          <ShareForm />
        </section>
      </div>
    </section>
  );
}
