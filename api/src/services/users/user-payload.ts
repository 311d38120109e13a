// The logged-in user exactly as SPEC §3 lists it. Flags left null on the user fall back to the tenant's
// defaultFlags, so the app never has to know about tenant defaults.
import type { ProfileRow } from './user-repository.js';

export interface Profile {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  company: string | null;
  company_id: number | null;
  website: string | null;
  role_id: number;
  profile_pic: string | null;
  title: string | null;
  location: string | null;
  time_zone: string | null;
  phone_number: string | null;
  birthday: string | null;
  facebook: string | null;
  twitter: string | null;
  linkedin: string | null;
  trainings: { group_coaching: boolean; flash_coaching: boolean; business_academy: boolean };
}

export type SessionUser = Profile & { access_token: string; pas_token: string };

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
    trainings: {
      group_coaching: row.group_coaching ?? row.default_group_coaching,
      flash_coaching: row.flash_coaching ?? row.default_flash_coaching,
      business_academy: row.business_academy ?? row.default_business_academy,
    },
  };
}

// pas_token equals access_token by contract: the app compares them to detect a tampered stored session.
export const toSessionUser = (profile: Profile, token: string): SessionUser => ({
  ...profile,
  access_token: token,
  pas_token: token,
});
