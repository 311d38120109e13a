import { Link } from 'react-router-dom';
import { saveBlob } from '@/lib/download-file';
import { formatDateTime } from '@/lib/dates';
import { icsFileName, toIcs } from '../lib/ics';
import { httpLink } from '@/lib/http-link';

export interface MeetingView {
  /** Unique across meetings and lesson meetings: the .ics UID is built from it. */
  key: string;
  title: string;
  meetingTime: string;
  minutes: number;
  agenda?: string;
  detail?: string | null;
  url: string | null;
  /** The meeting's own page, where the client moves or cancels it (with the booking flag). */
  change?: string;
  /** The recap the coach shared after it (a past meeting's). */
  recap?: string;
}

/** One meeting: its time in the user's zone, the join link (http/https only, upcoming only) and an .ics. */
export function MeetingCard({
  meeting,
  zone,
  upcoming,
  domain,
}: {
  meeting: MeetingView;
  zone: string;
  upcoming: boolean;
  domain: string;
}) {
  const link = httpLink(meeting.url);
  const download = () => {
    const ics = toIcs({
      uid: `${meeting.key}@${domain}`,
      title: meeting.title,
      start: new Date(meeting.meetingTime),
      minutes: meeting.minutes,
      description: [meeting.agenda, link && `Join: ${link}`].filter(Boolean).join('\n'),
      url: link,
    });
    saveBlob(new Blob([ics], { type: 'text/calendar;charset=utf-8' }), icsFileName(meeting.title));
  };
  return (
    <li className="card meeting-card">
      <div className="meeting-main">
        <h3>{meeting.title}</h3>
        <p className="meeting-time">
          <time dateTime={meeting.meetingTime}>{formatDateTime(meeting.meetingTime, zone)}</time>
          <span className="muted"> · {meeting.minutes} min</span>
        </p>
        {meeting.detail && <p className="muted">{meeting.detail}</p>}
        {meeting.agenda && <p className="meeting-agenda">{meeting.agenda}</p>}
      </div>
      <div className="meeting-actions">
        {upcoming && link && (
          <a
            className="btn btn-primary"
            href={link}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Join meeting: ${meeting.title}`}
          >
            Join meeting
          </a>
        )}
        {upcoming && !link && <span className="muted">No online link</span>}
        {meeting.recap && (
          <Link
            className="btn btn-primary"
            to={meeting.recap}
            aria-label={`Read the recap: ${meeting.title}`}
          >
            Read the recap
          </Link>
        )}
        {upcoming && meeting.change && (
          <Link className="btn" to={meeting.change} aria-label={`Move or cancel: ${meeting.title}`}>
            Move or cancel
          </Link>
        )}
        <button
          type="button"
          className="btn btn-secondary"
          onClick={download}
          aria-label={`Add to calendar: ${meeting.title} (.ics)`}
        >
          Add to calendar
        </button>
      </div>
    </li>
  );
}
