// Profile changes, pictures and the client's coach. Every query filters on the caller's tenant and user id.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { owned, ownerValues, self } from '../access/scope.js';
import type { Actor } from '../access/scope.js';

export type UserFields = Partial<
  Pick<
    Database['users'],
    | 'first_name'
    | 'last_name'
    | 'website'
    | 'title'
    | 'location'
    | 'time_zone'
    | 'phone_number'
    | 'birthday'
    | 'facebook'
    | 'twitter'
    | 'linkedin'
  >
>;

export async function updateUserFields(db: Kysely<Database>, owner: Actor, fields: UserFields, at: Date) {
  const row = await db
    .updateTable('users')
    .set({ ...fields, updated_at: at })
    .where(self(owner))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function savePhoto(
  db: Kysely<Database>,
  owner: Actor,
  photo: { publicId: string; contentType: string; bytes: Uint8Array; url: string },
  at: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('profile_photos')
      .values({
        ...ownerValues(owner, 'profile_photos'),
        public_id: photo.publicId,
        content_type: photo.contentType,
        bytes: photo.bytes,
        updated_at: at,
      })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({
          public_id: photo.publicId,
          content_type: photo.contentType,
          bytes: photo.bytes,
          updated_at: at,
        }),
      )
      .execute();
    await trx
      .updateTable('users')
      .set({ profile_pic: photo.url, updated_at: at })
      .where(self(owner))
      .execute();
  });
}

export async function findPhoto(db: Kysely<Database>, publicId: string) {
  return db
    .selectFrom('profile_photos')
    .select(['content_type', 'bytes', 'updated_at'])
    .where('public_id', '=', publicId)
    .executeTakeFirst();
}

/** The caller's coach: their user record and coaching profile, through coach_clients. */
export async function findCoachOf(db: Kysely<Database>, owner: Actor) {
  return db
    .selectFrom('coach_clients')
    .where(owned(owner, 'coach_clients'))
    .innerJoin('coaches', 'coaches.id', 'coach_clients.coach_id')
    .innerJoin('users', 'users.id', 'coaches.user_id')
    .leftJoin('companies', 'companies.id', 'users.company_id')
    .select([
      'users.id',
      'users.first_name',
      'users.last_name',
      'users.email',
      'users.phone_number',
      'users.title',
      'users.website',
      'users.location',
      'users.time_zone',
      'users.profile_pic',
      'users.linkedin',
      'users.facebook',
      'users.twitter',
      'companies.name as company',
      'coaches.bio',
      'coaches.specialties',
      'coaches.certifications',
      'coaches.years_experience',
      'coaches.booking_url',
    ])
    .orderBy('coach_clients.since', 'desc')
    .executeTakeFirst();
}
