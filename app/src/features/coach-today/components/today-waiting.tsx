import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { formatShortDate } from '@/lib/dates';
import { fullName } from '@/lib/user';
import type { Submission, Today } from '../api/get-today';

const KINDS = [
  ['tickets', 'Tickets'],
  ['testimonials', 'Testimonials'],
  ['referrals', 'Referrals'],
] as const;

/** The clients' requests not yet done, by kind; each is answered on Requests. */
export function TodayWaiting({ waiting, zone }: { waiting: Today['waiting']; zone: string }) {
  const row = (item: Submission) => (
    <li key={item.id} className="today-item">
      <span className="today-strong">{item.summary}</span>
      <span className="muted">
        {fullName(item.client)} · {formatShortDate(item.created_at, zone)}
      </span>
    </li>
  );
  return (
    <section className="card today-section" aria-labelledby="today-waiting">
      <h2 id="today-waiting">Requests waiting</h2>
      {KINDS.map(([kind, title]) => (
        <div key={kind} className="today-kind">
          <h3 id={`waiting-${kind}`}>
            {title} <span className="muted">({waiting[kind].length})</span>
          </h3>
          {waiting[kind].length === 0 ? (
            <p className="muted today-empty">No {title.toLowerCase()} waiting.</p>
          ) : (
            <ul className="today-list" aria-labelledby={`waiting-${kind}`}>
              {waiting[kind].map(row)}
            </ul>
          )}
        </div>
      ))}
      <Link to={paths.coachRequests}>Answer on Requests</Link>
    </section>
  );
}
