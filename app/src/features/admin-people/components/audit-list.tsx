import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { displayZone, formatDateTime } from '@/lib/dates';
import { useUser } from '@/lib/session';
import { FLAG_NAMES, flagTitle } from '../../../../../contracts/training-flags';
import type { AuditEntry } from '../api/get-audit';

/** A training flag's setting in words: the person's own on or off, or the tenant's default (null). */
const setting = (value: unknown) => (value === true ? 'On' : value === false ? 'Off' : 'Tenant default');

const shown = (value: unknown) =>
  value === null || value === undefined
    ? '—'
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

const asRecord = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;

interface Line {
  name: string;
  before?: string;
  after: string;
}

/**
 * An entry's changed fields as lines: 'last name: Hopper → Hopper-Murray'. The training flags (one object in
 * the entry) become a line per flag that changed, named and set in words ('Flash coaching: Off → On').
 */
function linesOf(entry: AuditEntry): Line[] {
  const keys = Object.keys({ ...entry.before, ...entry.after });
  return keys.flatMap((key): Line[] => {
    const [was, is] = [entry.before?.[key], entry.after?.[key]];
    if (key === 'flags' && (asRecord(was) || asRecord(is))) {
      // A new person's entry names the flags it recorded (one written before a flag existed does not have it);
      // a change names the flags that changed.
      const listed = (flag: string) =>
        entry.before ? asRecord(was)?.[flag] !== asRecord(is)?.[flag] : flag in (asRecord(is) ?? {});
      return FLAG_NAMES.filter(listed).map((flag) => ({
        name: flagTitle(flag),
        ...(entry.before && { before: setting(asRecord(was)?.[flag]) }),
        after: setting(asRecord(is)?.[flag]),
      }));
    }
    return [
      {
        name: key.replaceAll('_', ' '),
        ...(entry.before && { before: shown(was) }),
        after: shown(is),
      },
    ];
  });
}

/** The changes, opened on demand: a page of entries stays a compact list. */
function Changes({ entry }: { entry: AuditEntry }) {
  const lines = linesOf(entry);
  if (lines.length === 0) return null;
  return (
    <details className="audit-changes">
      <summary>{lines.length === 1 ? 'Show the change' : `Show the ${lines.length} changes`}</summary>
      <dl>
        {lines.map((line) => (
          <div key={line.name} className="audit-change">
            <dt>{line.name}</dt>
            <dd>
              {line.before !== undefined && `${line.before} → `}
              {line.after}
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

/** Audit entries, newest first: what, when, who, whom, one line each; the fields before and after on demand. */
export function AuditList({ entries, label }: { entries: AuditEntry[]; label: string }) {
  const zone = displayZone(useUser().time_zone);
  return (
    <ul className="admin-audit card" aria-label={label}>
      {entries.map((entry) => (
        <li key={entry.id}>
          <p className="audit-what">
            <strong>{entry.summary}</strong>
            <span className="muted">
              {' · '}
              <time dateTime={entry.at}>{formatDateTime(entry.at, zone)}</time> by {entry.actor_name}
              {entry.person_id !== null && entry.person_name && (
                <>
                  {' · '}
                  <Link to={paths.adminPerson(entry.person_id)}>{entry.person_name}</Link>
                </>
              )}
            </span>
          </p>
          <Changes entry={entry} />
        </li>
      ))}
    </ul>
  );
}
