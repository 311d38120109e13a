// The logged-in user exactly as SPEC §3 lists it: contracts/user.schema.json, whose generated type the app shares.
// A flag the user has not set falls back to the tenant's defaultFlags (fillFlags, the one merge), so the app
// never has to know about tenant defaults.
import { fillFlags } from '../../../../contracts/training-flags.js';
import type { User } from '../../../../contracts/user.js';
import type { ProfileRow } from './user-repository.js';

/** The user a sign-in answers, with its session's tokens. */
export type SessionUser = User;

/** The user as /me and the profile calls answer it: the SPEC §3 user without the session's tokens. */
export type Profile = Omit<User, 'access_token' | 'pas_token'>;

export function toProfile(row: ProfileRow): Profile {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    company: row.company,
    company_id: row.company_id,
    website: row.website,
    role_id: row.role_id,
    profile_pic: row.profile_pic,
    title: row.title,
    location: row.location,
    time_zone: row.time_zone,
    phone_number: row.phone_number,
    birthday: row.birthday,
    facebook: row.facebook,
    twitter: row.twitter,
    linkedin: row.linkedin,
    trainings: fillFlags(row.flags, row.default_flags),
  };
}

// pas_token equals access_token by contract: the app compares them to detect a tampered stored session.
export const toSessionUser = (profile: Profile, token: string): SessionUser => ({
  ...profile,
  access_token: token,
  pas_token: token,
});
