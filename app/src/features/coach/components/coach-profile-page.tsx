/** /coachprofile: who the client's coach is and how to reach them. */
import './coach.css';
import { PageLoading } from '@/components/page-loading';
import { usePortal } from '@/lib/portal-context';
import { apiAssetUrl } from '@/lib/avatar';
import { LoadFailed } from '@/components/load-failed';
import { useUser } from '@/lib/session';
import { fullName, initials } from '@/lib/user';
import { useCoachProfile, type CoachProfile } from '../api/get-coach-profile';

const LINKS: [keyof CoachProfile, string][] = [
  ['website', 'Website'],
  ['linkedin', 'LinkedIn'],
  ['facebook', 'Facebook'],
  ['twitter', 'Twitter'],
];

const safeLink = (value: unknown): string | null =>
  typeof value === 'string' && /^https?:\/\//i.test(value) ? value : null;

export default function CoachProfilePage() {
  const user = useUser();
  const { config } = usePortal();
  const coach = useCoachProfile(user.company_id, user.id);

  let body;
  if (coach.isPending) body = <PageLoading />;
  else if (coach.isError) {
    body = <LoadFailed what="Your coach's profile" error={coach.error} retry={coach.refetch} />;
  } else if (!coach.data) {
    body = (
      <div className="card empty-state">
        <p>No coach is assigned to you yet. Your coaching company will introduce them soon.</p>
      </div>
    );
  } else {
    const c = coach.data;
    const picture = c.profile_pic ? apiAssetUrl(config.apiUrl, c.profile_pic) : null;
    const details = [c.title, c.company, c.location].filter(Boolean).join(' · ');
    body = (
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
          <dl className="coach-contact">
            {c.specialties && (
              <>
                <dt>Specialties</dt>
                <dd>{c.specialties}</dd>
              </>
            )}
            {c.certifications && (
              <>
                <dt>Certifications</dt>
                <dd>{c.certifications}</dd>
              </>
            )}
            {c.years_experience != null && c.years_experience > 0 && (
              <>
                <dt>Experience</dt>
                <dd>
                  {c.years_experience} year{c.years_experience === 1 ? '' : 's'} of coaching
                </dd>
              </>
            )}
            {c.email && (
              <>
                <dt>Email</dt>
                <dd>
                  <a href={`mailto:${c.email}`}>{c.email}</a>
                </dd>
              </>
            )}
            {c.phone_number && (
              <>
                <dt>Phone</dt>
                <dd>
                  <a href={`tel:${c.phone_number.replace(/[^+\d]/g, '')}`}>{c.phone_number}</a>
                </dd>
              </>
            )}
            {c.time_zone && (
              <>
                <dt>Time zone</dt>
                <dd>{c.time_zone.replaceAll('_', ' ')}</dd>
              </>
            )}
          </dl>
          {safeLink(c.booking_url) && (
            <a
              className="btn btn-primary"
              href={safeLink(c.booking_url)!}
              target="_blank"
              rel="noopener noreferrer"
            >
              Book a session
            </a>
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

  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title" className="page-title">
        My Coach&apos;s Profile
      </h1>
      {body}
    </section>
  );
}
