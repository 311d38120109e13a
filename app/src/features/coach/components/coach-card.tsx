import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { usePortal } from '@/lib/portal-context';
import { useUser } from '@/lib/session';
import { hasFlag } from '@/lib/user';
import { apiAssetUrl } from '@/lib/avatar';
import { fullName, initials } from '@/lib/user';
import type { CoachProfile } from '@/lib/coach-profile';
import { CoachContact } from './coach-contact';

const LINKS: [keyof CoachProfile, string][] = [
  ['website', 'Website'],
  ['linkedin', 'LinkedIn'],
  ['facebook', 'Facebook'],
  ['twitter', 'Twitter'],
];

// The profile is the coach's own text: only http(s) links become hrefs, never javascript: or data:.
const safeLink = (value: unknown): string | null =>
  typeof value === 'string' && /^https?:\/\//i.test(value) ? value : null;

/** The coach: photo or initials, who they are, how to reach them, a booking button and their links. */
export function CoachCard({ coach: c }: { coach: CoachProfile }) {
  const { config } = usePortal();
  const picture = c.profile_pic ? apiAssetUrl(config.apiUrl, c.profile_pic) : null;
  const details = [c.title, c.company, c.location].filter(Boolean).join(' · ');
  // With the booking flag the portal books itself: the card's button leads there, not to the coach's own
  // scheduling page, so "Book a session" means one thing wherever it is read.
  const inPortal = hasFlag(useUser(), 'booking', config.defaultFlags);
  const booking = safeLink(c.booking_url);
  return (
    <article className="card coach-card">
      {picture ? (
        <img className="avatar coach-photo" src={picture} alt="" />
      ) : (
        <span className="avatar avatar-initials coach-photo" aria-hidden="true">
          {initials({ first_name: c.first_name, last_name: c.last_name, email: c.email ?? '?' })}
        </span>
      )}
      <div>
        <h2>{fullName(c)}</h2>
        {details && <p className="muted">{details}</p>}
        {c.bio && <p className="coach-bio">{c.bio}</p>}
        <CoachContact coach={c} />
        {inPortal ? (
          <Link className="btn btn-primary" to={paths.book}>
            Book a session
          </Link>
        ) : (
          booking && (
            <a className="btn btn-primary" href={booking} target="_blank" rel="noopener noreferrer">
              Book a session
            </a>
          )
        )}
        <ul className="link-list">
          {LINKS.map(([key, label]) => {
            const href = safeLink(c[key]);
            return href ? (
              <li key={key}>
                <a href={href} target="_blank" rel="noopener noreferrer">
                  {label}
                </a>
              </li>
            ) : null;
          })}
        </ul>
      </div>
    </article>
  );
}
