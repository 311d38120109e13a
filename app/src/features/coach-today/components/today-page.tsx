/**
 * /coach: the coach's Today, from one request (GET /api/v1/coach/today): meetings today and in the coming
 * week, unread mail per client, new files, the requests waiting and the clients whose steps are overdue. Each
 * part links to where it is worked on.
 */
import { Link } from 'react-router-dom';
import { QueryState } from '@/components/query-state';
import { ZoneNote } from '@/components/zone-note';
import { paths } from '@/config/paths';
import { formatDate, formatDay, formatShortDate } from '@/lib/dates';
import { queryClient } from '@/lib/query-client';
import { sessionStore } from '@/lib/session';
import { fileSize } from '@/lib/uploads';
import { fullName } from '@/lib/user';
import { todayQueryOptions, useToday, type Person, type Today } from '../api/get-today';
import { TodayMeeting } from './today-meeting';
import { TodaySection } from './today-section';
import { TodayWaiting } from './today-waiting';
import './today.css';
import { PageFrame } from '@/components/page-frame';

/** Asks for Today as soon as this chunk arrives (see app/lazy-page), while the shell is still rendering. */
export function prefetch(): void {
  if (sessionStore.get()) void queryClient.prefetchQuery(todayQueryOptions());
}

const ClientLink = ({ client }: { client: Person }) => (
  <Link to={paths.coachClient(client.id)}>{fullName(client)}</Link>
);

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/** A client and how much of something waits for the coach with them. */
const ClientCount = ({ client, what, when }: { client: Person; what: string; when: string }) => (
  <li className="today-item">
    <ClientLink client={client} />
    <span>
      {what}
      <span className="muted"> · {when}</span>
    </span>
  </li>
);

function TodayParts({ today }: { today: Today }) {
  const zone = today.time_zone;
  return (
    <>
      <p className="today-date">{formatDay(today.date)}</p>
      <ZoneNote zone={zone} what="Your times" />
      <div className="today-grid">
        <TodaySection
          id="today-meetings"
          title="Today's meetings"
          items={today.meetings.today}
          empty="No meetings today."
          more={<Link to={paths.coachSchedule}>All meetings</Link>}
        >
          {(meeting) => <TodayMeeting key={meeting.id} meeting={meeting} zone={zone} />}
        </TodaySection>
        <TodaySection
          id="week-meetings"
          title="The week ahead"
          items={today.meetings.week}
          empty="Nothing booked for the rest of the week."
        >
          {(meeting) => <TodayMeeting key={meeting.id} meeting={meeting} zone={zone} />}
        </TodaySection>
        <TodaySection
          id="today-unread"
          title="Unread messages"
          items={today.unread}
          empty="You have read every message."
          more={<Link to={paths.coachMessages}>Open Messages</Link>}
        >
          {(row) => (
            <ClientCount
              key={row.client.id}
              client={row.client}
              what={plural(row.count, 'unread message')}
              when={`latest ${formatShortDate(row.latest_at, zone)}`}
            />
          )}
        </TodaySection>
        <TodaySection
          id="today-overdue"
          title="Overdue action steps"
          items={today.overdue}
          empty="No step is overdue."
        >
          {(row) => (
            <ClientCount
              key={row.client.id}
              client={row.client}
              what={`${plural(row.count, 'step')} overdue`}
              when={`since ${formatDate(row.oldest_due)}`}
            />
          )}
        </TodaySection>
        <TodaySection
          id="today-files"
          title="New files"
          items={today.files}
          empty="No new files from your clients."
        >
          {(file) => (
            <li key={file.id} className="today-item">
              <span className="today-strong today-file">{file.name}</span>
              <span>
                from <ClientLink client={file.client} />
                <span className="muted">
                  {' '}
                  · {fileSize(file.size)} · {formatShortDate(file.created_at, zone)}
                </span>
              </span>
            </li>
          )}
        </TodaySection>
        <TodayWaiting waiting={today.waiting} zone={zone} />
      </div>
    </>
  );
}

export default function TodayPage() {
  const today = useToday();
  return (
    <PageFrame title="Today" className="today-page">
      <QueryState query={today} what="Today">
        {(data) => <TodayParts today={data} />}
      </QueryState>
    </PageFrame>
  );
}
