// /profile and /coachprofile: a client changes only their own profile (another id is a 403 and
// changes nothing); the picture is accepted only when its bytes are a PNG, JPEG, GIF or WebP image of at most
// 5 MB, and it is served back as an attachment with nosniff, never as a page.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { FieldError, HttpError } from '../../errors.js';
import type { Caller } from '../auth/session-service.js';
import type { LoginService } from '../auth/login-service.js';
import type { Actor } from '../access/scope.js';
import { imageTypeOf } from './image-type.js';
import { findCoachOf, findPhoto, savePhoto, updateUserFields } from './profile-repository.js';
import type { UserFields } from './profile-repository.js';
import { canonicalZone } from '../../../../contracts/time-zones.js';

export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
const photoPath = (publicId: string) => `/api/v1/student/profilephoto/${publicId}`;

interface DetailsInput {
  first_name: string;
  last_name: string;
  website?: string | null;
  title?: string | null;
  location?: string | null;
  time_zone?: string | null;
  phone_number?: string | null;
  birthday?: string | null;
}

interface SocialInput {
  facebook?: string | null;
  twitter?: string | null;
  linkedin?: string | null;
}

function mustBeCaller(caller: Caller, userId: number): Actor {
  if (userId !== caller.userId) throw new HttpError(403, 'You can only change your own profile.');
  return caller;
}

/** Empty text is stored as null ("not set"); everything else trimmed. */
const clean = (value: string | null | undefined) => (value == null ? value : value.trim() || null);

function cleanFields<T extends object>(input: T): UserFields {
  const out: Record<string, string | null | undefined> = {};
  for (const [key, value] of Object.entries(input)) out[key] = clean(value as string | null | undefined);
  for (const key of Object.keys(out)) if (out[key] === undefined) delete out[key];
  return out as UserFields;
}

export function createProfileService(db: Kysely<Database>, now: () => Date, login: LoginService) {
  async function update(caller: Caller, userId: number, fields: UserFields) {
    const owner = mustBeCaller(caller, userId);
    if (!(await updateUserFields(db, owner, fields, now()))) throw new HttpError(404, 'User not found.');
    return login.profile(owner.tenantId, owner.userId);
  }

  return {
    async updateDetails(caller: Caller, userId: number, input: DetailsInput) {
      const fields = cleanFields(input);
      if (!fields.first_name || !fields.last_name) {
        throw new FieldError({ first_name: ['Enter your first and last name.'] });
      }
      if (fields.time_zone) {
        const zone = canonicalZone(fields.time_zone);
        if (!zone) throw new FieldError({ time_zone: ['Choose a time zone from the list.'] });
        fields.time_zone = zone;
      }
      return update(caller, userId, fields);
    },

    updateSocial: (caller: Caller, userId: number, input: SocialInput) =>
      update(caller, userId, cleanFields(input)),

    async updatePhoto(caller: Caller, userId: number, bytes: Uint8Array) {
      const owner = mustBeCaller(caller, userId);
      if (bytes.length > PHOTO_MAX_BYTES)
        throw new FieldError({ file: ['The picture must be at most 5 MB.'] });
      const contentType = imageTypeOf(bytes);
      if (!contentType) throw new FieldError({ file: ['The file must be a PNG, JPEG, GIF or WebP image.'] });
      const publicId = randomBytes(16).toString('base64url');
      await savePhoto(db, owner, { publicId, contentType, bytes, url: photoPath(publicId) }, now());
      return login.profile(owner.tenantId, owner.userId);
    },

    photo: (publicId: string) => findPhoto(db, publicId),

    async coach(caller: Caller, input: { company_id?: number | null; client_id: number }) {
      if (input.client_id !== caller.userId) throw new HttpError(403, 'You can only see your own coach.');
      const me = await login.profile(caller.tenantId, caller.userId);
      if (input.company_id != null && input.company_id !== me.company_id) {
        throw new HttpError(403, 'You can only see your own coach.');
      }
      return (await findCoachOf(db, caller)) ?? null;
    },
  };
}
