// Offerings as the routes answer them: with their coach's name, meeting type, group and (audience 'invited') the
// clients invited, each list read by whom the caller may see. What a client may buy is one query: the tenant's
// own offerings and their coaches', active, for all the coach's clients, their group or them by invitation.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { Offering } from '../../../../contracts/rest/billing.js';
import { owned, ownerValues } from '../access/scope.js';
import type { Actor } from '../access/scope.js';

type Db = Kysely<Database>;

/** The columns an offering's answer is made of (offering() below). */
const offeringQuery = (db: Db, tenantId: number) =>
  db
    .selectFrom('offerings as o')
    .leftJoin('coaches as c', 'c.id', 'o.coach_id')
    .leftJoin('users as cu', 'cu.id', 'c.user_id')
    .leftJoin('meeting_types as mt', 'mt.id', 'o.meeting_type_id')
    .leftJoin('groups as g', 'g.id', 'o.group_id')
    .selectAll('o')
    .select([
      sql<
        string | null
      >`nullif(trim(coalesce(cu.first_name, '') || ' ' || coalesce(cu.last_name, '')), '')`.as('coach_name'),
      'mt.name as meeting_type_title',
      'g.title as group_title',
    ])
    .where('o.tenant_id', '=', tenantId);

type OfferingRow = Awaited<ReturnType<ReturnType<typeof offeringQuery>['executeTakeFirstOrThrow']>>;

/** A plan's first instalment carries the rounding: the total less K − 1 equal others. */
export const planInstalments = (price: number, instalments: number) => {
  const rest = Math.floor(price / instalments);
  return { first: price - rest * (instalments - 1), rest };
};

function offering(row: OfferingRow, invited: number[]): Offering {
  return {
    id: row.id,
    coach: row.coach_id === null ? null : { id: row.coach_id, name: row.coach_name ?? '' },
    kind: row.kind,
    title: row.title,
    description: row.description,
    meeting_type:
      row.meeting_type_id === null ? null : { id: row.meeting_type_id, title: row.meeting_type_title ?? '' },
    sessions: row.sessions,
    valid_months: row.valid_months,
    interval: row.interval,
    instalments: row.instalments,
    price: row.price,
    instalment: row.instalments === null ? null : planInstalments(row.price, row.instalments).first,
    currency: row.currency,
    audience: row.audience,
    group: row.group_id === null ? null : { id: row.group_id, title: row.group_title ?? '' },
    invited,
    active: row.active,
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** The answers for these rows, each with the invitations the reader may see. */
async function answers(db: Db, reader: Actor, rows: OfferingRow[]): Promise<Offering[]> {
  const ids = rows.filter((r) => r.audience === 'invited').map((r) => r.id);
  const invitations =
    ids.length === 0
      ? []
      : await db
          .selectFrom('offering_invitations')
          .where(owned(reader, 'offering_invitations'))
          .select(['offering_id', 'client_id'])
          .where('offering_id', 'in', ids)
          .orderBy('client_id')
          .execute();
  return rows.map((row) =>
    offering(
      row,
      invitations.filter((i) => i.offering_id === row.id).map((i) => i.client_id),
    ),
  );
}

/** A coach's own offerings and the tenant's (coachId null: an admin, every offering of the tenant). */
export async function listOfferings(db: Db, reader: Actor, coachId: number | null): Promise<Offering[]> {
  const rows = await offeringQuery(db, reader.tenantId)
    .$if(coachId !== null, (q) =>
      q.where((w) => w.or([w('o.coach_id', '=', coachId!), w('o.coach_id', 'is', null)])),
    )
    .orderBy('o.active', 'desc')
    .orderBy('o.id', 'desc')
    .execute();
  return answers(db, reader, rows);
}

export async function findOffering(db: Db, reader: Actor, id: number): Promise<Offering | undefined> {
  const row = await offeringQuery(db, reader.tenantId).where('o.id', '=', id).executeTakeFirst();
  return row && (await answers(db, reader, [row]))[0];
}

/** The row itself, for a buy or a change: its terms and Stripe price as stored. */
export const offeringRow = (db: Db, tenantId: number, id: number) =>
  db
    .selectFrom('offerings')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();

/** What the client may buy now: active, of their coaches or the tenant's, and for them by its audience. */
function openQuery(db: Db, client: Actor) {
  return offeringQuery(db, client.tenantId)
    .where('o.active', '=', true)
    .where((w) =>
      w.or([
        w('o.coach_id', 'is', null),
        w.exists(
          w
            .selectFrom('coach_clients as cc')
            .where(owned(client, 'coach_clients as cc'))
            .select('cc.client_id')
            .whereRef('cc.coach_id', '=', 'o.coach_id'),
        ),
      ]),
    )
    .where((w) =>
      w.or([
        w('o.audience', '=', 'clients'),
        w.and([
          w('o.audience', '=', 'group'),
          w.exists(
            w
              .selectFrom('user_groups as ug')
              .where(owned(client, 'user_groups as ug'))
              .select('ug.id')
              .whereRef('ug.group_id', '=', 'o.group_id')
              .where('ug.status', '=', 'active'),
          ),
        ]),
        w.and([
          w('o.audience', '=', 'invited'),
          w.exists(
            w
              .selectFrom('offering_invitations as oi')
              .where(owned(client, 'offering_invitations as oi'))
              .select('oi.client_id')
              .whereRef('oi.offering_id', '=', 'o.id'),
          ),
        ]),
      ]),
    );
}

export async function openOfferings(db: Db, client: Actor): Promise<Offering[]> {
  const rows = await openQuery(db, client).orderBy('o.kind').orderBy('o.price').orderBy('o.id').execute();
  return answers(db, client, rows);
}

export async function isOpenTo(db: Db, client: Actor, id: number): Promise<boolean> {
  return (await openQuery(db, client).where('o.id', '=', id).executeTakeFirst()) !== undefined;
}

/** Replaces the invitations with `clientIds` (each already checked to be one the writer may name). */
export async function setInvitations(db: Db, writer: Actor, offeringId: number, clientIds: number[]) {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('offering_invitations')
      .where(owned(writer, 'offering_invitations'))
      .where('offering_id', '=', offeringId)
      .execute();
    for (const clientId of clientIds) {
      const invited: Actor = { tenantId: writer.tenantId, userId: clientId, role: 'client' };
      await trx
        .insertInto('offering_invitations')
        .values({ ...ownerValues(invited, 'offering_invitations'), offering_id: offeringId })
        .execute();
    }
  });
}
