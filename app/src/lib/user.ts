/**
 * The logged-in user exactly as SPEC §3 lists it, and nothing more: whatever else an API answer carries is
 * dropped before it reaches memory or local storage.
 */
import { FLAG_NAMES, fillFlags, flagTitle, type FlagName } from '../../../contracts/training-flags';
import { roleOf, type Role } from '../../../contracts/roles';
import type { User as SpecUser } from '../../../contracts/user';
import type { TrainingFlags } from './portal-config';

/** A training flag: one of contracts/flags.schema.json's, whose names FLAG_NAMES lists in order. */
export type Flag = FlagName;
export { flagTitle };

/**
 * The SPEC §3 user of contracts/user.schema.json (the type generated from it, shared with the API), except that a
 * stored session from an older API may lack flags: a missing one falls back to the tenant's defaultFlags (see
 * hasFlag).
 */
export type User = Omit<SpecUser, 'trainings'> & { trainings: Partial<SpecUser['trainings']> };

type TextField = {
  [K in keyof User]: User[K] extends string | null ? (null extends User[K] ? K : never) : never;
}[keyof User];

/** The optional text fields of the profile, stored as null when empty. */
export const PROFILE_TEXT_FIELDS = [
  'company',
  'website',
  'profile_pic',
  'title',
  'location',
  'time_zone',
  'phone_number',
  'birthday',
  'facebook',
  'twitter',
  'linkedin',
] as const satisfies readonly TextField[];

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** Picks the SPEC §3 fields from an API answer or a decoded store; null when it is not a usable user. */
export function toUser(raw: unknown): User | null {
  if (!isRecord(raw)) return null;
  const { id, first_name, last_name, email, role_id, company_id, access_token, pas_token } = raw;
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 1) return null;
  if (typeof email !== 'string' || typeof access_token !== 'string' || access_token.length === 0) return null;
  if (typeof pas_token !== 'string') return null;
  const trainings: Partial<TrainingFlags> = {};
  const rawTrainings = isRecord(raw.trainings) ? raw.trainings : {};
  for (const flag of FLAG_NAMES) {
    if (typeof rawTrainings[flag] === 'boolean') trainings[flag] = rawTrainings[flag];
  }
  const user: User = {
    id,
    first_name: text(first_name) ?? '',
    last_name: text(last_name) ?? '',
    email,
    company_id: typeof company_id === 'number' ? company_id : null,
    role_id: typeof role_id === 'number' ? role_id : 0,
    trainings,
    access_token,
    pas_token,
  } as User;
  for (const field of PROFILE_TEXT_FIELDS) user[field] = text(raw[field]);
  return user;
}

export function hasFlag(user: User, flag: Flag, defaults: TrainingFlags): boolean {
  return fillFlags(user.trainings, defaults)[flag];
}

export type { Role };

/** Which route tree a signed-in user sees: the client's portal, the coach's workspace or (to come) the admin's. */
export const userRole = (user: Pick<User, 'role_id'>): Role => roleOf(user.role_id);

/** SPEC §4: the admin flag is true only when role_id equals 1. */
export const isAdmin = (user: User): boolean => user.role_id === 1;

export const fullName = (user: Pick<User, 'first_name' | 'last_name'>): string =>
  `${user.first_name} ${user.last_name}`.trim();

/** The top bar shows the company, or the full name when there is none (SPEC §2). */
export const displayName = (user: User): string => user.company?.trim() || fullName(user) || user.email;

export function initials(user: Pick<User, 'first_name' | 'last_name' | 'email'>): string {
  const letters = `${user.first_name.trim().charAt(0)}${user.last_name.trim().charAt(0)}`;
  return (letters || user.email.charAt(0)).toUpperCase();
}
