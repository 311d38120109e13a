import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { displayZone, formatDateTime } from '@/lib/dates';
import { useUser } from '@/lib/session';
import type { AuditEntry } from '../api/get-audit';

const shown = (value: unknown) =>
  value === null || value === undefined
    ? '—'
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

/** A field's change as one line: 'Hopper → Hopper-Murray'. */
function Changes({ entry }: { entry: AuditEntry }) {
  const keys = Object.keys({ ...entry.before, ...entry.after });
  if (keys.length === 0) return null;
  return (
    <dl>
      {keys.map((key) => (
        <div key={key} style={{ display: 'contents' }}>
          <dt>{key.replaceAll('_', ' ')}</dt>
          <dd>
            {entry.before ? `${shown(entry.before[key])} → ` : ''}
            {shown(entry.after?.[key])}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Audit entries, newest first: when, who, what, and the fields before and after. */
export function AuditList({ entries, label }: { entries: AuditEntry[]; label: string }) {
  const zone = displayZone(useUser().time_zone);
  return (
    <ul className="admin-audit" aria-label={label}>
      {entries.map((entry) => (
        <li key={entry.id} className="card">
          <p>
            <strong>{entry.summary}</strong>
          </p>
          <p className="muted">
            <time dateTime={entry.at}>{formatDateTime(entry.at, zone)}</time> by {entry.actor_name}
            {entry.person_id !== null && entry.person_name && (
              <>
                {' · '}
                <Link to={paths.adminPerson(entry.person_id)}>{entry.person_name}</Link>
              </>
            )}
          </p>
          <Changes entry={entry} />
        </li>
      ))}
    </ul>
  );
}
