// tenant.json's agreements.required: a client who has not signed the current agreement that applies with a coach
// may not book that coach's time or join that coach's group. Every door that does either calls this: the booking
// service (the client's REST booking and the integration API's, which go through it), a paid group's purchase,
// and a coach adding a member to a group. A portal with nothing published asks for nothing.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { HttpError } from '../../errors.js';
import { AGREEMENT_REQUIRED } from '../../../../contracts/rest/agreements.js';
import type { Actor } from '../access/scope.js';
import { currentVersionOf, signatureOf } from './agreements-repository.js';

const MESSAGE = {
  booking: 'Please sign the coaching agreement before booking a meeting.',
  group: 'Please sign the coaching agreement before joining a group.',
  member: 'This client has not signed the current coaching agreement: they can join a group once they have.',
} as const;

/**
 * Refuses (403, reason agreement_required) when the tenant (tenants.agreement_required) requires a signed agreement and `client` (by
 * `reader`'s scope: the client themself, or the coach adding them) has not signed the current version that applies
 * with the coach `coachId` (coaches.id).
 */
export async function requireSignedAgreement(
  db: Kysely<Database>,
  who: { reader: Actor; clientId: number },
  coachId: number | null,
  doing: keyof typeof MESSAGE,
): Promise<void> {
  const tenant = await db
    .selectFrom('tenants')
    .select('agreement_required')
    .where('id', '=', who.reader.tenantId)
    .executeTakeFirst();
  if (!tenant?.agreement_required) return;
  const version = await currentVersionOf(db, who.reader.tenantId, coachId);
  if (!version) return;
  if (await signatureOf(db, who.reader, version.id, who.clientId)) return;
  throw new HttpError(403, MESSAGE[doing], undefined, AGREEMENT_REQUIRED);
}
