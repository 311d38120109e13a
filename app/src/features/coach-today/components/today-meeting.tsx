import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { formatDateTime, zoneName } from '@/lib/dates';
import { httpLink } from '@/lib/http-link';
import type { CoachMeeting } from '../api/get-today';
import { fullName } from '@/lib/user';

/** A meeting at the coach's time, and the client's own time beside it when they live in another zone. */
export function TodayMeeting({ meeting, zone }: { meeting: CoachMeeting; zone: string }) {
  const link = httpLink(meeting.meeting_url);
  const elsewhere = meeting.client_time_zone !== zone;
  return (
    <li className="today-item today-meeting">
      <div>
        <p className="today-strong">
          <time dateTime={meeting.starts_at}>{formatDateTime(meeting.starts_at, zone)}</time>
          <span className="muted"> · {meeting.duration_minutes} min</span>
        </p>
        <p>
          {meeting.title} with{' '}
          <Link to={paths.coachClient(meeting.client.id)}>{fullName(meeting.client)}</Link>
        </p>
        {elsewhere && (
          <p className="muted">
            Their time: {formatDateTime(meeting.starts_at, meeting.client_time_zone)} (
            {zoneName(meeting.client_time_zone)})
          </p>
        )}
      </div>
      {link && (
        <a
          className="btn btn-primary"
          href={link}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`Join meeting: ${meeting.title} with ${fullName(meeting.client)}`}
        >
          Join
        </a>
      )}
    </li>
  );
}
