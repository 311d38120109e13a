// What a coach (their own) or an admin (the tenant's, and any coach's) sells. The terms a kind has are checked
// here with a field's own message, before the database's offerings_terms would refuse them; the price is in the
// tenant's currency, tax included, and a change of it never changes a purchase (it keeps the price it was sold
// at) but makes a new Stripe Price at the next buy.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { FieldError, HttpError } from '../../errors.js';
import type { Offering, OfferingInput } from '../../../../contracts/rest/billing.js';
import type { Actor } from '../access/scope.js';
import { assignedClient, tenantClient } from '../access/assigned-client.js';
import { coachProfile } from '../coach/meetings-repository.js';
import * as repo from './offerings-repository.js';

/** The terms columns of an input, its kind's only (the others null), or the fields' errors. */
function termsOf(input: OfferingInput) {
  const errors: Record<string, string[]> = {};
  const need = (field: keyof OfferingInput, ok: boolean, message: string) => {
    if (!ok) errors[field] = [message];
  };
  const { kind } = input;
  const sessions = input.sessions ?? null;
  const validMonths = input.valid_months ?? null;
  const instalments = input.instalments ?? null;
  const terms = {
    sessions: kind === 'session' ? 1 : sessions,
    valid_months: kind === 'package' || kind === 'plan' ? validMonths : null,
    interval:
      kind === 'subscription' ? (input.interval ?? null) : kind === 'plan' ? ('month' as const) : null,
    instalments: kind === 'plan' ? instalments : null,
  };
  if (kind === 'package') {
    need('sessions', sessions !== null && sessions >= 2, 'A package gives 2 to 100 sessions.');
    need('valid_months', validMonths !== null, 'Say how many months the sessions stay valid.');
  }
  if (kind === 'subscription') need('interval', terms.interval !== null, 'Choose monthly or quarterly.');
  if (kind === 'plan') {
    need('instalments', instalments !== null, 'Say in how many monthly instalments it is paid.');
    if (instalments !== null)
      need('price', input.price >= instalments, 'The total must be at least one unit an instalment.');
  }
  need('price', input.price >= 1, 'A price above zero, please.');
  if (input.audience === 'group') need('group_id', (input.group_id ?? null) !== null, 'Choose the group.');
  if (Object.keys(errors).length > 0) throw new FieldError(errors);
  return terms;
}

export function createOfferingsService({ db, now }: { db: Kysely<Database>; now: () => Date }) {
  /** The coaches.id of a coach caller; null for an admin (who acts for the tenant). */
  async function sellerOf(caller: Actor): Promise<number | null> {
    if (caller.role === 'admin') return null;
    const profile = caller.role === 'coach' ? await coachProfile(db, caller) : undefined;
    if (!profile) throw new HttpError(403, 'This is not available to your account.');
    return profile.id;
  }

  /** The offering the caller may change: a coach their own (the tenant's is an admin's), an admin any. */
  async function editable(caller: Actor, id: number) {
    const coachId = await sellerOf(caller);
    const row = await repo.offeringRow(db, caller.tenantId, id);
    if (!row || (coachId !== null && row.coach_id !== null && row.coach_id !== coachId))
      throw new HttpError(404, 'Offering not found.');
    if (coachId !== null && row.coach_id === null)
      throw new HttpError(403, "This offering is the business's own: an admin changes it.");
    return { row, coachId };
  }

  /** The meeting type and group an input names, each the seller's (an admin's: any of the tenant's). */
  async function links(caller: Actor, coachId: number | null, input: OfferingInput) {
    const errors: Record<string, string[]> = {};
    const typeId = input.meeting_type_id ?? null;
    if (typeId !== null) {
      const type = await db
        .selectFrom('meeting_types')
        .select(['id', 'coach_id'])
        .where('tenant_id', '=', caller.tenantId)
        .where('id', '=', typeId)
        .executeTakeFirst();
      if (!type || (coachId !== null && type.coach_id !== coachId))
        errors.meeting_type_id = ['Choose one of your meeting types.'];
    }
    const groupId = input.audience === 'group' ? (input.group_id ?? null) : null;
    if (groupId !== null) {
      const group = await db
        .selectFrom('groups')
        .select(['id', 'coach_id'])
        .where('tenant_id', '=', caller.tenantId)
        .where('id', '=', groupId)
        .where('template', '=', false)
        .executeTakeFirst();
      if (!group || (coachId !== null && group.coach_id !== coachId))
        errors.group_id = ['Choose one of your groups.'];
    }
    if (Object.keys(errors).length > 0) throw new FieldError(errors);
    return { meeting_type_id: typeId, group_id: groupId };
  }

  async function answer(caller: Actor, id: number): Promise<Offering> {
    return (await repo.findOffering(db, caller, id))!;
  }

  return {
    async list(caller: Actor): Promise<Offering[]> {
      return repo.listOfferings(db, caller, await sellerOf(caller));
    },

    async create(caller: Actor, input: OfferingInput): Promise<Offering> {
      const coachId = await sellerOf(caller);
      const terms = termsOf(input);
      const linked = await links(caller, coachId, input);
      const tenant = await db
        .selectFrom('tenants')
        .select('billing_currency')
        .where('id', '=', caller.tenantId)
        .executeTakeFirstOrThrow();
      const { id } = await db
        .insertInto('offerings')
        .values({
          tenant_id: caller.tenantId,
          coach_id: coachId,
          kind: input.kind,
          title: input.title,
          description: input.description ?? '',
          ...terms,
          ...linked,
          price: input.price,
          currency: tenant.billing_currency,
          audience: input.audience,
          created_at: now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return answer(caller, id);
    },

    async update(caller: Actor, id: number, input: OfferingInput): Promise<Offering> {
      const { row, coachId } = await editable(caller, id);
      if (input.kind !== row.kind)
        throw new FieldError({ kind: ['The kind of an offering stays as it was made: make a new one.'] });
      const terms = termsOf(input);
      const linked = await links(caller, coachId ?? row.coach_id, input);
      const priced = input.price === row.price && terms.interval === row.interval;
      await db
        .updateTable('offerings')
        .set({
          title: input.title,
          description: input.description ?? '',
          ...terms,
          ...linked,
          price: input.price,
          audience: input.audience,
          // A new price is a new Stripe Price (made at the next buy); subscribers keep theirs.
          ...(!priced && { stripe_price_id: null }),
        })
        .where('tenant_id', '=', caller.tenantId)
        .where('id', '=', id)
        .execute();
      return answer(caller, id);
    },

    async archive(caller: Actor, id: number, archived: boolean): Promise<Offering> {
      await editable(caller, id);
      await db
        .updateTable('offerings')
        .set({ active: !archived })
        .where('tenant_id', '=', caller.tenantId)
        .where('id', '=', id)
        .execute();
      return answer(caller, id);
    },

    /** The groups an admin's offering may be sold to: any of the tenant's (templates are not groups). */
    async groups(caller: Actor): Promise<{ id: number; title: string }[]> {
      return db
        .selectFrom('groups')
        .select(['id', 'title'])
        .where('tenant_id', '=', caller.tenantId)
        .where('template', '=', false)
        .orderBy('title')
        .orderBy('id')
        .execute();
    },

    /** Who may buy an offering for the invited: a coach's own clients, an admin's any client of the tenant. */
    async invite(caller: Actor, id: number, clientIds: number[]): Promise<Offering> {
      const { row } = await editable(caller, id);
      if (row.audience !== 'invited')
        throw new FieldError({ client_ids: ['Only an offering for invited clients has invitations.'] });
      const unknown: number[] = [];
      for (const clientId of clientIds) {
        const client =
          caller.role === 'admin'
            ? await tenantClient(db, caller, clientId)
            : await assignedClient(db, caller, clientId).catch(() => undefined);
        if (!client) unknown.push(clientId);
      }
      if (unknown.length > 0)
        throw new FieldError({ client_ids: [`These are not your clients: ${unknown.join(', ')}.`] });
      await repo.setInvitations(db, caller, id, clientIds);
      return answer(caller, id);
    },
  };
}
