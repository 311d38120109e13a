import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { QueryState } from '@/components/query-state';
import { ZoneNote } from '@/components/zone-note';
import { formatDateTime, zoneName } from '@/lib/dates';
import { httpLink } from '@/lib/http-link';
import { notify } from '@/lib/toast';
import { useCancelMeeting } from '../api/cancel-meeting';
import { useMeetings, type CoachMeeting } from '../api/get-meetings';
import { MeetingForm } from './meeting-form';
import { PageFrame } from '@/components/page-frame';

/**
 * The coach's Meetings: the next 8 weeks in the coach's time and each client's, New meeting (a client preselected
 * by ?client=<id>, which a client's page links to), reschedule or edit, and cancel after a confirmation.
 */
export default function Page() {
  const query = useMeetings();
  const cancel = useCancelMeeting();
  const [params] = useSearchParams();
  const preselected = Number(params.get('client')) || undefined;
  const [editing, setEditing] = useState<CoachMeeting | 'new' | null>(preselected ? 'new' : null);
  const [cancelling, setCancelling] = useState<CoachMeeting | null>(null);

  const confirmCancel = async () => {
    if (!cancelling) return;
    await cancel.mutateAsync(cancelling.id).then(
      () => notify.success('The meeting is cancelled; your client has been told.'),
      () => undefined,
    );
    setCancelling(null);
  };

  return (
    <PageFrame title="Meetings">
      <QueryState query={query} what="Your meetings">
        {({ time_zone: zone, meetings }) => (
          <>
            <ZoneNote zone={zone} />
            {editing === null ? (
              <div className="button-row">
                <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
                  New meeting
                </button>
              </div>
            ) : (
              <MeetingForm
                key={editing === 'new' ? 'new' : editing.id}
                meeting={editing === 'new' ? undefined : editing}
                clientId={preselected}
                zone={zone}
                onDone={() => setEditing(null)}
              />
            )}
            {meetings.length === 0 ? (
              <p className="card empty-state muted">No meetings in the next 8 weeks.</p>
            ) : (
              <ul className="meeting-list" aria-label="Upcoming meetings">
                {meetings.map((m) => {
                  const link = httpLink(m.meeting_url);
                  const theirs =
                    m.client_time_zone && m.client_time_zone !== zone ? m.client_time_zone : null;
                  return (
                    <li key={m.id} className="card">
                      <h2>{m.title}</h2>
                      <p>
                        With {m.client.first_name} {m.client.last_name}, {formatDateTime(m.starts_at, zone)},{' '}
                        {m.duration_minutes} minutes
                      </p>
                      {theirs && (
                        <p className="muted">
                          Their time: {formatDateTime(m.starts_at, theirs)} ({zoneName(theirs)})
                        </p>
                      )}
                      {m.place && <p>Place: {m.place}</p>}
                      {link && (
                        <p>
                          <a href={link} target="_blank" rel="noreferrer">
                            Online link for {m.title}
                          </a>
                        </p>
                      )}
                      <div className="button-row">
                        <button type="button" className="btn" onClick={() => setEditing(m)}>
                          Reschedule {m.title}
                        </button>
                        <button type="button" className="btn btn-danger" onClick={() => setCancelling(m)}>
                          Cancel {m.title}
                        </button>
                      </div>
                    </li>
                  );
                })}
              </ul>
            )}
          </>
        )}
      </QueryState>
      {cancelling && (
        <ConfirmDialog
          title="Cancel this meeting?"
          text={`"${cancelling.title}" with ${cancelling.client.first_name} ${cancelling.client.last_name} is removed and they are mailed the cancellation.`}
          confirmLabel="Cancel meeting"
          keepLabel="Keep meeting"
          pendingLabel="Cancelling..."
          pending={cancel.isPending}
          onConfirm={() => void confirmCancel()}
          onCancel={() => setCancelling(null)}
        />
      )}
    </PageFrame>
  );
}
