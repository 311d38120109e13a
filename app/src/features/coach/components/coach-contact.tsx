import type { CoachProfile } from '@/lib/coach-profile';

/** The coach's background and how to reach them; a fact the coach left empty is left out, label and all. */
export function CoachContact({ coach: c }: { coach: CoachProfile }) {
  return (
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
  );
}
