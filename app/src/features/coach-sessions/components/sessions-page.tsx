import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { QueryState } from '@/components/query-state';
import { ZoneNote } from '@/components/zone-note';
import { formatDateTime, zoneName } from '@/lib/dates';
import { httpLink } from '@/lib/http-link';
import { routeId } from '@/lib/route-id';
import { notify } from '@/lib/toast';
import { useCancelSession } from '../api/cancel-session';
import { useSessions, type GroupSession, type GroupSessions } from '../api/get-sessions';
import { Recordings } from './recordings';
import { SessionForm } from './session-form';
import './sessions.css';
import { PageFrame } from '@/components/page-frame';

/** The members' other zones, each with who lives by it, so the coach sees every local time that differs. */
function otherZones(members: GroupSessions['members'], zone: string) {
  const zones = new Map<string, string[]>();
  for (const m of members) {
    if (!m.time_zone || m.time_zone === zone) continue;
    zones.set(m.time_zone, [...(zones.get(m.time_zone) ?? []), `${m.first_name} ${m.last_name}`]);
  }
  return [...zones];
}

function Sessions({ groupId, data }: { groupId: number; data: GroupSessions }) {
  const { time_zone: zone, sessions, members } = data;
  const cancel = useCancelSession(groupId);
  const [editing, setEditing] = useState<GroupSession | 'new' | null>(null);
  const [cancelling, setCancelling] = useState<GroupSession | null>(null);
  const zones = otherZones(members, zone);

  const confirmCancel = async () => {
    if (!cancelling) return;
    await cancel.mutateAsync(cancelling.id).then(
      () => notify.success('The session is cancelled; every member has been told.'),
      () => undefined,
    );
    setCancelling(null);
  };

  return (
    <>
      <ZoneNote zone={zone} />
      <p className="muted">
        {members.length === 0
          ? 'This group has no active members of yours yet: a session reaches members once they join.'
          : `${members.length} member${members.length === 1 ? '' : 's'} get each invitation by mail.`}
      </p>
      {editing === null ? (
        <div className="button-row">
          <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
            New live session
          </button>
        </div>
      ) : (
        <SessionForm
          key={editing === 'new' ? 'new' : editing.id}
          groupId={groupId}
          session={editing === 'new' ? undefined : editing}
          zone={zone}
          onDone={() => setEditing(null)}
        />
      )}
      {sessions.length === 0 ? (
        <p className="card empty-state muted">No live sessions scheduled yet.</p>
      ) : (
        <ul className="session-list" aria-label="Live sessions">
          {sessions.map((s) => {
            const link = httpLink(s.meeting_url);
            return (
              <li key={s.id} className="card">
                <h2>{s.title}</h2>
                <p>
                  {formatDateTime(s.starts_at, zone)}, {s.duration_minutes} minutes
                </p>
                {zones.map(([other, names]) => (
                  <p key={other} className="muted">
                    {names.join(', ')}: {formatDateTime(s.starts_at, other)} ({zoneName(other)})
                  </p>
                ))}
                {link && (
                  <p>
                    <a href={link} target="_blank" rel="noreferrer">
                      Online link for {s.title}
                    </a>
                  </p>
                )}
                <div className="button-row">
                  <button type="button" className="btn" onClick={() => setEditing(s)}>
                    Move {s.title}
                  </button>
                  <button type="button" className="btn btn-danger" onClick={() => setCancelling(s)}>
                    Cancel {s.title}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <Recordings groupId={groupId} zone={zone} recordings={data.recordings} />
      {cancelling && (
        <ConfirmDialog
          title="Cancel this session?"
          text={`"${cancelling.title}" is removed from every member's schedule and they are mailed the cancellation.`}
          confirmLabel="Cancel session"
          keepLabel="Keep session"
          pendingLabel="Cancelling..."
          pending={cancel.isPending}
          onConfirm={() => void confirmCancel()}
          onCancel={() => setCancelling(null)}
        />
      )}
    </>
  );
}

/** Live sessions of one of the coach's groups: schedule, move and cancel them (members mailed), recordings. */
export default function Page() {
  const groupId = routeId(useParams().id);
  const query = useSessions(groupId);
  return (
    <PageFrame title={query.data ? `Live sessions: ${query.data.group.title}` : 'Live sessions'}>
      {groupId === null ? (
        <p className="card empty-state muted">There is no such group.</p>
      ) : (
        <QueryState query={query} what="The group's live sessions">
          {(data) => <Sessions groupId={groupId} data={data} />}
        </QueryState>
      )}
    </PageFrame>
  );
}
