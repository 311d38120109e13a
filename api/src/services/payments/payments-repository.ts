// Rows of paid groups: the group's price as the database holds it, purchase attempts by Idempotency-Key, and
// the webhook's once-per-event bookkeeping. Every query of a caller's rows is scoped to them; the webhook's
// act on a payment by its Stripe intent, for no caller.
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import { owned, ownerValues } from '../access/scope.js';
import type { Actor } from '../access/scope.js';

type Db = Kysely<Database> | Transaction<Database>;

/** The purchasable facts of a group of the tenant: price in the minor unit, currency, and whether it is paid. */
export const findGroupForSale = (db: Db, tenantId: number, groupId: number) =>
  db
    .selectFrom('groups')
    .select(['id', 'title', 'price', 'currency', 'group_type', 'active', 'coach_id'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', groupId)
    .where('template', '=', false)
    // A draft group is not on sale: its members do not see it yet.
    .where('state', '!=', 'draft')
    .executeTakeFirst();

export const findMembership = (db: Db, owner: Actor, groupId: number) =>
  db
    .selectFrom('user_groups')
    .where(owned(owner, 'user_groups'))
    .select(['id', 'status', 'paid'])
    .where('group_id', '=', groupId)
    .executeTakeFirst();

export const findPaymentByKey = (db: Db, owner: Actor, key: string) =>
  db
    .selectFrom('group_payments')
    .where(owned(owner, 'group_payments'))
    .selectAll()
    .where('idempotency_key', '=', key)
    .executeTakeFirst();

/** The caller's latest attempt for a group, a succeeded one first. */
export const latestPayment = (db: Db, owner: Actor, groupId: number) =>
  db
    .selectFrom('group_payments')
    .where(owned(owner, 'group_payments'))
    .selectAll()
    .where('group_id', '=', groupId)
    .orderBy((eb) => eb.case().when('status', '=', 'succeeded').then(0).else(1).end())
    .orderBy('id', 'desc')
    .executeTakeFirst();

/** A new attempt: the row's own fields, with the time it was made; its owner comes from the actor. */
type NewPayment = Omit<
  Insertable<Database['group_payments']>,
  'tenant_id' | 'user_id' | 'status' | 'created_at' | 'updated_at'
> & {
  at: Date;
};

/** Stores the attempt; a concurrent retry with the same key already stored it, which is no error. */
export async function insertPayment(db: Db, owner: Actor, p: NewPayment): Promise<void> {
  const { at, ...fields } = p;
  await db
    .insertInto('group_payments')
    .values({
      ...ownerValues(owner, 'group_payments'),
      ...fields,
      status: 'pending',
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Claims the event id inside the webhook's transaction: false when it was processed before. */
export async function claimEvent(trx: Transaction<Database>, id: string, type: string, at: Date) {
  const row = await trx
    .insertInto('stripe_events')
    .values({ id, type, received_at: at })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export const findPaymentByIntent = (db: Db, intentId: string) =>
  db.selectFrom('group_payments').selectAll().where('intent_id', '=', intentId).executeTakeFirst();

export async function setPaymentStatus(db: Db, id: number, status: 'succeeded' | 'failed', at: Date) {
  await db
    .updateTable('group_payments')
    .set({ status, updated_at: at, ...(status === 'succeeded' && { paid_at: at }) })
    .where('id', '=', id)
    // A late failure event never undoes a payment that succeeded.
    .where('status', '!=', 'succeeded')
    .execute();
}

/** The membership becomes paid and active; a member who had no membership row yet gets one. */
export async function markMemberPaid(db: Db, owner: Actor, groupId: number, at: Date) {
  await db
    .insertInto('user_groups')
    .values({
      ...ownerValues(owner, 'user_groups'),
      group_id: groupId,
      status: 'active',
      paid: true,
      joined_at: at,
      updated_at: at,
    })
    .onConflict((oc) =>
      oc.columns(['group_id', 'user_id']).doUpdateSet({ status: 'active', paid: true, updated_at: at }),
    )
    .execute();
}

/** Marks the receipt mailed, once: false when it was mailed already. */
export async function claimReceipt(db: Db, owner: Actor, paymentId: number, at: Date) {
  const row = await db
    .updateTable('group_payments')
    .where(owned(owner, 'group_payments'))
    .set({ receipt_mailed_at: at })
    .where('id', '=', paymentId)
    .where('receipt_mailed_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function releaseReceipt(db: Db, owner: Actor, paymentId: number) {
  await db
    .updateTable('group_payments')
    .where(owned(owner, 'group_payments'))
    .set({ receipt_mailed_at: null })
    .where('id', '=', paymentId)
    .execute();
}
