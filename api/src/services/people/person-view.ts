// A person as the admin's screens and the integration API answer it, and the same person as an audit entry
// records it (names instead of ids, so the log reads right after a company is renamed or a coach leaves).
import { fillFlags, FLAG_NAMES } from '../../../../contracts/training-flags.js';
import { roleOf } from '../access/roles.js';
import type { FlagSettings } from './person-fields.js';
import type { PersonRow } from './people-repository.js';

/** Every flag as the person has it set: true, false, or null when it takes the tenant's default. */
function flagSettings(stored: unknown): Required<FlagSettings> {
  const own = (stored ?? {}) as Record<string, unknown>;
  return Object.fromEntries(
    FLAG_NAMES.map((flag) => [flag, typeof own[flag] === 'boolean' ? own[flag] : null]),
  ) as Required<FlagSettings>;
}

/** The stored flags after a change: a flag set to null is left out, so it follows the tenant's default again. */
export function mergeFlags(stored: unknown, change: FlagSettings): Partial<Record<string, boolean>> {
  const merged: Record<string, boolean> = {};
  for (const [flag, value] of Object.entries({ ...flagSettings(stored), ...change }))
    if (typeof value === 'boolean') merged[flag] = value;
  return merged;
}

export function toPerson(row: PersonRow, now: Date) {
  return {
    id: row.id,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    role_id: row.role_id,
    role: roleOf(row.role_id),
    company_id: row.company_id,
    company: row.company,
    time_zone: row.time_zone,
    flags: flagSettings(row.flags),
    effective_flags: fillFlags(row.flags, row.default_flags),
    coach_id: row.coach_id,
    coach_name: row.coach_name,
    status: row.status,
    invitation: row.invited_at
      ? {
          sent_at: row.invited_at,
          expires_at: row.invitation_expires_at!,
          expired: row.invitation_expires_at! <= now,
        }
      : null,
    email_change: row.pending_email
      ? {
          email: row.pending_email,
          requested_at: row.email_change_requested_at!,
          expires_at: row.email_change_expires_at!,
          expired: row.email_change_expires_at! <= now,
        }
      : null,
    deactivated_at: row.deactivated_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export type Person = ReturnType<typeof toPerson>;

export const snapshot = (row: PersonRow) => ({
  email: row.email,
  first_name: row.first_name,
  last_name: row.last_name,
  role: roleOf(row.role_id),
  company: row.company,
  time_zone: row.time_zone,
  coach: row.coach_name,
  flags: flagSettings(row.flags),
});

/** The fields that differ between two snapshots, as { before, after } holding those fields alone. */
export function changes(before: Record<string, unknown>, after: Record<string, unknown>) {
  const was: Record<string, unknown> = {};
  const is: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    was[key] = before[key];
    is[key] = after[key];
  }
  return Object.keys(is).length > 0 ? { before: was, after: is } : undefined;
}

export const fullName = (row: { first_name: string; last_name: string; email: string }) =>
  `${row.first_name} ${row.last_name}`.trim() || row.email;
