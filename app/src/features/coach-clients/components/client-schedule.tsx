import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { displayZone, formatDateTime, zoneName } from '@/lib/dates';
import { useUser } from '@/lib/session';
import type { ClientMeeting, ClientPageData } from '../api/get-client';
import { useClientForms } from '../api/forms';
import type { FormSend } from '../../../../../contracts/rest/forms';

/** The forms sent for this meeting, each a link to its answers in the Forms section. */
function MeetingForms({ forms }: { forms: FormSend[] }) {
  if (forms.length === 0) return null;
  return (
    <span>
      {forms.map((f) => (
        <a key={f.id} href={`#form-${f.id}`} className="meeting-form">
          {f.title}: {f.status === 'submitted' ? 'answered' : 'not answered yet'}
        </a>
      ))}
    </span>
  );
}

function Meeting({
  meeting,
  zone,
  past,
  forms,
}: {
  meeting: ClientMeeting;
  zone: string;
  past: boolean;
  forms: FormSend[];
}) {
  return (
    <li className="client-row">
      <strong>{meeting.title}</strong>
      <span>
        {formatDateTime(meeting.starts_at, zone)} ({meeting.duration_minutes} min)
      </span>
      {meeting.agenda && <span className="muted">{meeting.agenda}</span>}
      <MeetingForms forms={forms.filter((f) => f.meeting_id === meeting.id)} />
      {meeting.meeting_url && (
        <a href={meeting.meeting_url} target="_blank" rel="noreferrer">
          Join online<span className="visually-hidden">: {meeting.title}</span>
        </a>
      )}
      {past && (
        <Link to={paths.coachMeetingRecap(meeting.id)} aria-label={`Recap: ${meeting.title}`}>
          Recap
        </Link>
      )}
    </li>
  );
}

function Meetings({
  title,
  list,
  zone,
  empty,
  past = false,
  forms,
}: {
  title: string;
  list: ClientMeeting[];
  zone: string;
  empty: string;
  /** Past meetings link to their recap (written, shared and commented on there). */
  past?: boolean;
  forms: FormSend[];
}) {
  return (
    <>
      <h3>{title}</h3>
      {list.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className="client-list">
          {list.map((m) => (
            <Meeting key={m.id} meeting={m} zone={zone} past={past} forms={forms} />
          ))}
        </ul>
      )}
    </>
  );
}

/** The client's meetings in the coach's time zone, upcoming first, the last past one first, and a way to book one. */
export function ClientSchedule({
  clientId,
  schedule,
  zone: clientZone,
}: {
  clientId: number;
  schedule: ClientPageData['schedule'];
  zone: string | null;
}) {
  const zone = displayZone(useUser().time_zone);
  // The Forms section asks for the same list; a failure there says so, here the meetings show without it.
  const forms = useClientForms(clientId).data ?? [];
  return (
    <section id="schedule" className="card client-section" aria-labelledby="schedule-title">
      <div className="client-section-head">
        <h2 id="schedule-title">Schedule</h2>
        <Link className="btn btn-primary" to={`${paths.coachSchedule}?client=${clientId}`}>
          Schedule a meeting
        </Link>
      </div>
      <p className="muted">
        Times in your time zone ({zoneName(zone)})
        {clientZone && clientZone !== zone ? `; the client is in ${zoneName(clientZone)}.` : '.'}
      </p>
      <Meetings
        title="Upcoming"
        list={schedule.upcoming}
        zone={zone}
        empty="No meetings booked."
        forms={forms}
      />
      <Meetings title="Past" list={schedule.past} zone={zone} empty="No meetings yet." past forms={forms} />
    </section>
  );
}
