import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { self, visible } from '../access/scope.js';
import type { Actor } from '../access/scope.js';

const profileColumns = [
  'users.id',
  'users.tenant_id',
  'users.first_name',
  'users.last_name',
  'users.email',
  'users.company_id',
  'users.website',
  'users.role_id',
  'users.profile_pic',
  'users.title',
  'users.location',
  'users.time_zone',
  'users.phone_number',
  'users.birthday',
  'users.facebook',
  'users.twitter',
  'users.linkedin',
  'users.flags',
] as const;

function profileQuery(db: Kysely<Database>) {
  return db
    .selectFrom('users')
    .innerJoin('tenants', 'tenants.id', 'users.tenant_id')
    .leftJoin('companies', 'companies.id', 'users.company_id')
    .select(profileColumns)
    .select(['companies.name as company', 'tenants.default_flags']);
}

export type ProfileRow = NonNullable<Awaited<ReturnType<typeof findProfile>>>;

export async function findProfile(db: Kysely<Database>, tenantId: number, userId: number) {
  return profileQuery(db)
    .where('users.tenant_id', '=', tenantId)
    .where('users.id', '=', userId)
    .executeTakeFirst();
}

/** The actor's own time zone: as their session read it, else from their row. */
export async function findTimeZone(db: Kysely<Database>, actor: Actor): Promise<string | null> {
  if (actor.timeZone !== undefined) return actor.timeZone;
  const row = await db.selectFrom('users').select('time_zone').where(self(actor)).executeTakeFirst();
  return row?.time_zone ?? null;
}

export async function findCredentials(db: Kysely<Database>, tenantId: number, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'password_hash', 'deactivated_at'])
    .where('tenant_id', '=', tenantId)
    .where('email', '=', email)
    .executeTakeFirst();
}

export async function findUserEmail(db: Kysely<Database>, tenantId: number, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'first_name'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function setPasswordHash(db: Kysely<Database>, userId: number, passwordHash: string, at: Date) {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: at })
    .where('id', '=', userId)
    .execute();
}

export async function countUnreadEmails(db: Kysely<Database>, actor: Actor): Promise<number> {
  const row = await db
    .selectFrom('emails')
    .where(visible(actor, 'emails', 'to_user_id'))
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('read', '=', false)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
