// What an admin (or an integration, or a CSV row) may set on a person, and its checks. Every problem is
// reported at once, on the field it is about, so a form or an import row can show them all.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { FieldError } from '../../errors.js';
import { FLAG_NAMES } from '../../../../contracts/training-flags.js';
import type { FlagName } from '../../../../contracts/training-flags.js';
import { canonicalZone } from '../../../../contracts/time-zones.js';
import { checkEmail } from '../../../../contracts/email-address.js';
import { roleOf } from '../access/roles.js';
import type { Actor } from '../access/scope.js';
import { findCompany } from './companies-repository.js';
import { findCoachProfile, findIdByEmail } from './people-repository.js';
import type { PersonRow } from './people-repository.js';

/** A flag on, off, or null: the tenant's default. */
export type FlagSettings = Partial<Record<FlagName, boolean | null>>;

export interface PersonFields {
  email?: string;
  first_name?: string;
  last_name?: string;
  /** SPEC §3's role_id: 1 admin, 2 coach, 3 client. */
  role_id?: number;
  company_id?: number | null;
  time_zone?: string | null;
  flags?: FlagSettings;
  /** The user id of the client's coach; null: none. */
  coach_id?: number | null;
}

/** The fields cleaned (trimmed, email lower-cased, empty text as null) and the coach's profile id resolved. */
export interface CheckedFields extends PersonFields {
  coachProfileId?: number | null;
}

/**
 * Checks `fields` for a new person (current undefined) or a change to `current`. The final role decides whether
 * a coach may be named; an admin cannot change their own role, which would lock them out of this screen.
 */
export async function checkFields(
  db: Kysely<Database>,
  scope: Actor,
  input: PersonFields,
  current?: PersonRow,
): Promise<CheckedFields> {
  const errors: Record<string, string[]> = {};
  const fail = (field: string, message: string) => (errors[field] ??= []).push(message);
  const fields: CheckedFields = { ...input };

  if (input.email !== undefined) {
    const checked = checkEmail(input.email);
    if (!checked.ok) fail('email', checked.message);
    else if ((fields.email = checked.email) !== current?.email) {
      const taken = await findIdByEmail(db, scope.tenantId, fields.email);
      if (taken !== undefined) fail('email', 'Someone in this portal already has this email.');
    }
  } else if (!current) fail('email', 'Enter the email address.');

  for (const name of ['first_name', 'last_name'] as const) {
    const value = input[name];
    if (value !== undefined) fields[name] = value.trim();
    if ((value === undefined && !current) || (value !== undefined && !fields[name]))
      fail(name, name === 'first_name' ? 'Enter the first name.' : 'Enter the last name.');
    else if ((fields[name] ?? '').length > 100) fail(name, 'Use at most 100 characters.');
  }

  if (input.role_id !== undefined && ![1, 2, 3].includes(input.role_id))
    fail('role_id', 'Choose client, coach or admin.');
  else if (
    current &&
    current.id === scope.userId &&
    input.role_id !== undefined &&
    input.role_id !== current.role_id
  )
    fail('role_id', 'You cannot change your own role.');

  if (input.time_zone !== undefined) {
    const given = input.time_zone?.trim() || null;
    fields.time_zone = given && canonicalZone(given);
    if (fields.time_zone === undefined) fail('time_zone', 'Choose a time zone from the list.');
  }

  if (input.company_id != null && !(await findCompany(db, scope.tenantId, input.company_id)))
    fail('company_id', 'Choose a company of this portal.');

  for (const flag of Object.keys(input.flags ?? {}))
    if (!FLAG_NAMES.includes(flag as FlagName)) fail('flags', `There is no training flag "${flag}".`);

  const role = roleOf(input.role_id ?? current?.role_id ?? 3);
  if (input.coach_id != null) {
    const coach = await findCoachProfile(db, scope.tenantId, input.coach_id);
    if (!coach || roleOf(coach.role_id) !== 'coach' || coach.deactivated_at)
      fail('coach_id', 'Choose an active coach of this portal.');
    else if (role !== 'client') fail('coach_id', 'Only a client has a coach.');
    else fields.coachProfileId = coach.id;
  } else if (input.coach_id === null) fields.coachProfileId = null;

  if (Object.keys(errors).length > 0) throw new FieldError(errors);
  return fields;
}
