// The tenant's people as the admin sees them: profile, company, coach, status (active, pending: no password yet,
// or deactivated) and the open invitation. Every query names the tenant; coach assignments go through the
// ownership rule of coach_clients like every other query on that table.
import { sql } from 'kysely';
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { containing } from '../../db/like.js';
import type { Role } from '../access/roles.js';
import { owned } from '../access/scope.js';
import type { Actor } from '../access/scope.js';

type PersonStatus = 'active' | 'pending' | 'deactivated';

type Users = Database & { u: Database['users'] };

const status = sql<PersonStatus>`case when u.deactivated_at is not null then 'deactivated'
  when u.password_hash is null then 'pending' else 'active' end`;

/** The client's coach (by the coach's user id and name): the first assigned, should there be several. */
const coachOf = (scope: Actor, eb: ExpressionBuilder<Users, 'u'>) =>
  eb
    .selectFrom('coach_clients as cc')
    .where(owned(scope, 'coach_clients as cc'))
    .innerJoin('coaches as co', 'co.id', 'cc.coach_id')
    .innerJoin('users as cu', 'cu.id', 'co.user_id')
    .whereRef('cc.client_id', '=', 'u.id')
    .orderBy('cc.since')
    .limit(1);

/** The newest invitation not used yet. */
const openInvitation = (eb: ExpressionBuilder<Users, 'u'>) =>
  eb
    .selectFrom('invitations as i')
    .whereRef('i.user_id', '=', 'u.id')
    .where('i.used_at', 'is', null)
    .orderBy('i.created_at', 'desc')
    .limit(1);

/** The login email change waiting for the new address to confirm it (cancelled or used ones are done). */
const openEmailChange = (eb: ExpressionBuilder<Users, 'u'>) =>
  eb
    .selectFrom('email_changes as ec')
    .whereRef('ec.user_id', '=', 'u.id')
    .where('ec.used_at', 'is', null)
    .where('ec.cancelled_at', 'is', null)
    .orderBy('ec.created_at', 'desc')
    .limit(1);

function peopleQuery(db: Kysely<Database>, scope: Actor) {
  return db
    .selectFrom('users as u')
    .innerJoin('tenants as t', 't.id', 'u.tenant_id')
    .leftJoin('companies as c', 'c.id', 'u.company_id')
    .where('u.tenant_id', '=', scope.tenantId)
    .select([
      'u.id',
      'u.email',
      'u.first_name',
      'u.last_name',
      'u.role_id',
      'u.company_id',
      'c.name as company',
      'u.time_zone',
      'u.flags',
      't.default_flags',
      'u.deactivated_at',
      'u.created_at',
      'u.updated_at',
    ])
    .select((eb) => [
      status.as('status'),
      coachOf(scope, eb).select('cu.id').as('coach_id'),
      coachOf(scope, eb)
        .select(sql<string>`trim(cu.first_name || ' ' || cu.last_name)`.as('name'))
        .as('coach_name'),
      openInvitation(eb).select('i.created_at').as('invited_at'),
      openInvitation(eb).select('i.expires_at').as('invitation_expires_at'),
      openEmailChange(eb).select('ec.new_email').as('pending_email'),
      openEmailChange(eb).select('ec.created_at').as('email_change_requested_at'),
      openEmailChange(eb).select('ec.expires_at').as('email_change_expires_at'),
    ]);
}

export type PersonRow = NonNullable<Awaited<ReturnType<typeof findPerson>>>;

export async function findPerson(db: Kysely<Database>, scope: Actor, id: number) {
  return peopleQuery(db, scope).where('u.id', '=', id).executeTakeFirst();
}

/** The person with this (normalised) email, as the admin reads them: what an import's dry run compares with. */
export async function findPersonByEmail(db: Kysely<Database>, scope: Actor, email: string) {
  return peopleQuery(db, scope).where('u.email', '=', email).executeTakeFirst();
}

/** Who in the tenant has this (normalised) email, by id alone: the cheap check an import makes per row. */
export async function findIdByEmail(db: Kysely<Database>, tenantId: number, email: string) {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('email', '=', email)
    .executeTakeFirst();
  return row?.id;
}

export interface PeopleFilter {
  search?: string | undefined;
  role?: Role | undefined;
  status?: PersonStatus | undefined;
  page: number;
  perPage: number;
}

export async function listPeople(db: Kysely<Database>, scope: Actor, filter: PeopleFilter) {
  let query = peopleQuery(db, scope);
  if (filter.search) {
    const like = containing(filter.search);
    query = query.where((eb) =>
      eb.or([
        eb(sql`u.first_name || ' ' || u.last_name`, 'ilike', like),
        eb('u.email', 'ilike', like),
        eb('c.name', 'ilike', like),
      ]),
    );
  }
  if (filter.role === 'admin') query = query.where('u.role_id', '=', 1);
  else if (filter.role === 'coach') query = query.where('u.role_id', '=', 2);
  else if (filter.role === 'client') query = query.where('u.role_id', 'not in', [1, 2]);
  if (filter.status) query = query.where(status, '=', filter.status);
  const [rows, total] = await Promise.all([
    query
      .orderBy('u.last_name')
      .orderBy('u.first_name')
      .orderBy('u.id')
      .limit(filter.perPage)
      .offset((filter.page - 1) * filter.perPage)
      .execute(),
    db
      .selectFrom(query.as('people'))
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.count) };
}

/** A coach's profile (coaches.id, which coach_clients names) by the coach's user id, in the tenant. */
export async function findCoachProfile(db: Kysely<Database>, tenantId: number, userId: number) {
  return db
    .selectFrom('coaches')
    .innerJoin('users', 'users.id', 'coaches.user_id')
    .select(['coaches.id', 'users.role_id', 'users.deactivated_at'])
    .where('coaches.tenant_id', '=', tenantId)
    .where('coaches.user_id', '=', userId)
    .executeTakeFirst();
}

/** A coach's profile, made empty when a person becomes a coach (the coach fills it in on their profile). */
export async function ensureCoachProfile(db: Kysely<Database>, tenantId: number, userId: number) {
  await db
    .insertInto('coaches')
    .values({
      tenant_id: tenantId,
      user_id: userId,
      bio: '',
      specialties: '',
      certifications: '',
      years_experience: 0,
      booking_url: null,
    })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

export async function countCoachedClients(db: Kysely<Database>, scope: Actor, coachUserId: number) {
  const row = await db
    .selectFrom('coach_clients as cc')
    .where(owned(scope, 'coach_clients as cc'))
    .innerJoin('coaches as co', 'co.id', 'cc.coach_id')
    .where('co.user_id', '=', coachUserId)
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
