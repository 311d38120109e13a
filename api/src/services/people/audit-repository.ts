// The audit log: one row per change an admin (or an integration's API key) made, written with the change's own
// transaction. before and after hold only the fields that changed, so an entry reads as what happened.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { containing } from '../../db/like.js';
import type { Actor } from '../access/scope.js';

/**
 * Who makes a change: a signed-in user of the tenant, one of its API keys (named as its owner shows it), or the
 * operator of the deployment (`portal admin invite` with the API's OPS_TOKEN: a tenant's first admin).
 */
export type ChangeActor =
  | { tenantId: number; userId: number }
  | { tenantId: number; keyId: number; keyName: string }
  | { tenantId: number; operator: string };

/** The actor as the ownership rule sees them: an API key or the operator acts for the tenant, as its admin does. */
export const adminScope = (actor: ChangeActor): Actor => ({
  tenantId: actor.tenantId,
  // A key or the operator is no user: 0 names nobody, so it is a party of no message or upload.
  userId: 'userId' in actor ? actor.userId : 0,
  role: 'admin',
});

interface AuditEntry {
  action: string;
  subject_type:
    | 'person'
    | 'company'
    | 'assignment'
    | 'api_key'
    | 'webhook'
    | 'agreement'
    | 'signature'
    | 'credit_grant'
    | 'refund';
  subject_id: number;
  person_id: number | null;
  summary: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Writes the entry; resolves to the name it recorded for the actor (a user's name, or the key's). */
export async function writeAudit(
  db: Kysely<Database>,
  actor: ChangeActor,
  at: Date,
  entry: AuditEntry,
): Promise<string> {
  let actorName: string;
  if ('userId' in actor) {
    const user = await db
      .selectFrom('users')
      .select(['first_name', 'last_name', 'email'])
      .where('tenant_id', '=', actor.tenantId)
      .where('id', '=', actor.userId)
      .executeTakeFirst();
    actorName = user ? `${user.first_name} ${user.last_name}`.trim() || user.email : `User ${actor.userId}`;
  } else actorName = 'keyName' in actor ? actor.keyName : actor.operator;
  await db
    .insertInto('audit_log')
    .values({
      tenant_id: actor.tenantId,
      at,
      actor_user_id: 'userId' in actor ? actor.userId : null,
      actor_key_id: 'keyId' in actor ? actor.keyId : null,
      actor_name: actorName,
      action: entry.action,
      subject_type: entry.subject_type,
      subject_id: entry.subject_id,
      person_id: entry.person_id,
      summary: entry.summary,
      before: entry.before ? JSON.stringify(entry.before) : null,
      after: entry.after ? JSON.stringify(entry.after) : null,
    })
    .execute();
  return actorName;
}

export interface AuditFilter {
  actor?: string | undefined;
  action?: string | undefined;
  personId?: number | undefined;
  /** Part of the name or email of the person a change was about. */
  person?: string | undefined;
  /** 'YYYY-MM-DD' days, both included, in UTC. */
  from?: string | undefined;
  to?: string | undefined;
  page: number;
  perPage: number;
}

export async function listAudit(db: Kysely<Database>, tenantId: number, filter: AuditFilter) {
  let query = db
    .selectFrom('audit_log')
    .leftJoin('users as p', 'p.id', 'audit_log.person_id')
    .where('audit_log.tenant_id', '=', tenantId);
  if (filter.actor) query = query.where('actor_name', 'ilike', containing(filter.actor));
  if (filter.action) query = query.where('action', '=', filter.action);
  if (filter.personId !== undefined) query = query.where('person_id', '=', filter.personId);
  if (filter.person) {
    const like = containing(filter.person);
    query = query.where((eb) =>
      eb.or([eb(sql`p.first_name || ' ' || p.last_name`, 'ilike', like), eb('p.email', 'ilike', like)]),
    );
  }
  if (filter.from) query = query.where('at', '>=', new Date(`${filter.from}T00:00:00Z`));
  if (filter.to)
    query = query.where('at', '<', sql<Date>`${`${filter.to}T00:00:00Z`}::timestamptz + interval '1 day'`);
  const [rows, total] = await Promise.all([
    query
      .select([
        'audit_log.id',
        'audit_log.at',
        'audit_log.actor_user_id',
        'audit_log.actor_key_id',
        'audit_log.actor_name',
        'audit_log.action',
        'audit_log.subject_type',
        'audit_log.subject_id',
        'audit_log.person_id',
        'audit_log.summary',
        'audit_log.before',
        'audit_log.after',
      ])
      .select(sql<string | null>`nullif(trim(p.first_name || ' ' || p.last_name), '')`.as('person_name'))
      .orderBy('audit_log.at', 'desc')
      .orderBy('audit_log.id', 'desc')
      .limit(filter.perPage)
      .offset((filter.page - 1) * filter.perPage)
      .execute(),
    query.select((eb) => eb.fn.countAll<string | number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.count) };
}
