// The agreements' rows. Which agreement applies to a client with a coach: the coach's own once it has a version,
// else the tenant's; its current version is its newest. Signatures are read through the ownership rule
// (access/scope.ts): a client reaches their own, a coach their assigned clients', an admin the tenant's.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { owned, ownerValues, type Actor } from '../access/scope.js';
import { inPages, type PageQuery } from '../integration/cursor.js';

const versionColumns = [
  'v.id',
  'v.agreement_id',
  'v.version',
  'v.title',
  'v.body_html',
  'v.text_sha256',
  'v.published_at',
  'a.coach_id',
] as const;

export type AgreementVersion = Awaited<ReturnType<typeof currentVersionOf>> & {};

/**
 * The current version of the agreement that applies with the coach (`coachId`: coaches.id; null for a client
 * without one): the coach's own when it has a version, else the tenant's; undefined when neither has one.
 */
export async function currentVersionOf(db: Kysely<Database>, tenantId: number, coachId: number | null) {
  return (
    db
      .selectFrom('agreement_versions as v')
      .innerJoin('agreements as a', 'a.id', 'v.agreement_id')
      .select(versionColumns)
      .where('v.tenant_id', '=', tenantId)
      .where('a.tenant_id', '=', tenantId)
      .where((eb) =>
        coachId === null
          ? eb('a.coach_id', 'is', null)
          : eb.or([eb('a.coach_id', '=', coachId), eb('a.coach_id', 'is', null)]),
      )
      // The coach's own first, then its newest version.
      .orderBy(sql`a.coach_id is null`)
      .orderBy('v.version', 'desc')
      .limit(1)
      .executeTakeFirst()
  );
}

/** The coaches (coaches.id) the client is assigned to. */
export async function coachesOfClient(db: Kysely<Database>, client: Actor): Promise<number[]> {
  const rows = await db
    .selectFrom('coach_clients')
    .where(owned(client, 'coach_clients'))
    .select('coach_id')
    .orderBy('coach_id')
    .execute();
  return rows.map((r) => r.coach_id);
}

/** The actor's signature of a version, if they (a client) signed it; for a coach or admin, `clientId`'s. */
export async function signatureOf(db: Kysely<Database>, actor: Actor, versionId: number, clientId: number) {
  return db
    .selectFrom('agreement_signatures')
    .where(owned(actor, 'agreement_signatures'))
    .selectAll()
    .where('version_id', '=', versionId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
}

export type SignatureRow = NonNullable<Awaited<ReturnType<typeof signatureOf>>>;

export async function insertSignature(
  db: Kysely<Database>,
  client: Actor,
  row: {
    version_id: number;
    typed_name: string;
    signed_at: Date;
    time_zone: string;
    ip_address: string;
    user_agent: string;
    text_sha256: string;
  },
): Promise<number> {
  const { id } = await db
    .insertInto('agreement_signatures')
    .values({ ...ownerValues(client, 'agreement_signatures'), ...row, agreed: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** A signature with its version's text and its signer, as the PDF and the lists show it. */
export async function signatureWithText(db: Kysely<Database>, actor: Actor, signatureId: number) {
  return db
    .selectFrom('agreement_signatures as s')
    .where(owned(actor, 'agreement_signatures as s'))
    .innerJoin('agreement_versions as v', 'v.id', 's.version_id')
    .innerJoin('users as u', 'u.id', 's.client_id')
    .where('s.id', '=', signatureId)
    .select([
      's.id',
      's.client_id',
      's.typed_name',
      's.signed_at',
      's.time_zone',
      's.ip_address',
      's.user_agent',
      's.text_sha256',
      'v.agreement_id',
      'v.version',
      'v.title',
      'v.body_html',
      'u.first_name',
      'u.last_name',
      'u.email',
    ])
    .executeTakeFirst();
}

/** A page of the tenant's signatures by time signed (the integration API's list). */
export async function listSignatures(db: Kysely<Database>, admin: Actor, page: PageQuery) {
  return db
    .selectFrom('agreement_signatures as s')
    .where(owned(admin, 'agreement_signatures as s'))
    .innerJoin('agreement_versions as v', 'v.id', 's.version_id')
    .select([
      's.id',
      's.client_id',
      'v.agreement_id',
      'v.version',
      's.typed_name',
      's.signed_at',
      's.ip_address',
      's.user_agent',
      's.text_sha256',
    ])
    .$call(inPages('s', page, 'signed_at'))
    .execute();
}

/** The agreement of the tenant (coachId null) or of a coach, made on its first version. */
export async function agreementFor(
  db: Kysely<Database>,
  tenantId: number,
  coachId: number | null,
  at: Date,
): Promise<number> {
  const found = await db
    .selectFrom('agreements')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where((eb) => (coachId === null ? eb('coach_id', 'is', null) : eb('coach_id', '=', coachId)))
    .executeTakeFirst();
  if (found) return found.id;
  const { id } = await db
    .insertInto('agreements')
    .values({ tenant_id: tenantId, coach_id: coachId, created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** The versions of an agreement, newest first. */
export async function versionsOf(db: Kysely<Database>, tenantId: number, agreementId: number) {
  return db
    .selectFrom('agreement_versions')
    .select(['id', 'version', 'title', 'published_at'])
    .where('tenant_id', '=', tenantId)
    .where('agreement_id', '=', agreementId)
    .orderBy('version', 'desc')
    .execute();
}

export async function insertVersion(
  db: Kysely<Database>,
  row: {
    tenant_id: number;
    agreement_id: number;
    title: string;
    body_html: string;
    text_sha256: string;
    published_at: Date;
    published_by: number | null;
  },
) {
  // The next number under the agreement's row lock, so two publishers get 2 and 3, not 2 twice.
  await db.selectFrom('agreements').select('id').where('id', '=', row.agreement_id).forUpdate().execute();
  const last = await db
    .selectFrom('agreement_versions')
    .select((eb) => eb.fn.max('version').as('n'))
    .where('agreement_id', '=', row.agreement_id)
    .executeTakeFirst();
  return db
    .insertInto('agreement_versions')
    .values({ ...row, version: (last?.n ?? 0) + 1 })
    .returning(['id', 'version'])
    .executeTakeFirstOrThrow();
}

/**
 * The clients a newly published version asks to sign again: those it now applies to (currentVersionOf's rule),
 * active and past their invitation (a person still to set a password reads the current version when they
 * come). A coach's agreement (`coachId`): that coach's clients. The tenant's: clients without a coach, and those
 * with at least one coach of no agreement of their own.
 */
export async function clientsToSignAgain(db: Kysely<Database>, tenantId: number, coachId: number | null) {
  // The tenant's assignments, read as its admin would.
  const tenant: Actor = { tenantId, userId: 0, role: 'admin' };
  return db
    .selectFrom('users as u')
    .select(['u.id', 'u.first_name', 'u.email'])
    .where('u.tenant_id', '=', tenantId)
    .where('u.role_id', 'not in', [1, 2])
    .where('u.deactivated_at', 'is', null)
    .where('u.password_hash', 'is not', null)
    .where((eb) => {
      const coachesOf = () =>
        eb
          .selectFrom('coach_clients as cc')
          .where(owned(tenant, 'coach_clients as cc'))
          .select('cc.coach_id')
          .whereRef('cc.client_id', '=', 'u.id');
      if (coachId !== null) return eb.exists(coachesOf().where('cc.coach_id', '=', coachId));
      const withoutOwn = coachesOf().where((inner) =>
        inner.not(
          inner.exists(
            inner
              .selectFrom('agreements as a')
              .innerJoin('agreement_versions as v', 'v.agreement_id', 'a.id')
              .select('a.id')
              .where('a.tenant_id', '=', tenantId)
              .whereRef('a.coach_id', '=', 'cc.coach_id'),
          ),
        ),
      );
      return eb.or([eb.not(eb.exists(coachesOf())), eb.exists(withoutOwn)]);
    })
    .orderBy('u.id')
    .execute();
}
