// Tells a client's coach by mail of a new ticket, testimonial or referral of the client's, as a new message is
// told (a notice of the `messages` topic, so the coach's mail preferences apply). Sent after the row is stored:
// a mail the server refuses waits in the outbox, and a failure is logged, never the client's error.
import type { Kysely } from 'kysely';
import type { Database, Tenant } from '../../db/database.js';
import type { Actor } from '../access/scope.js';
import type { Mailer } from '../mail/mailer.js';
import { requestMail } from '../mailbox/coach-mail.js';
import { coachUserOf, noticeParties } from '../mailbox/mailbox-repository.js';

export type RequestKind = 'tickets' | 'testimonials' | 'referrals';

/** What the coach's mail says the request is. */
export const requestWords: Record<RequestKind, string> = {
  tickets: 'support request',
  testimonials: 'testimonial',
  referrals: 'referral',
};

export interface CoachNotice {
  (
    tenant: Tenant,
    owner: Actor,
    request: { kind: RequestKind; summary: string; text: string },
  ): Promise<void>;
}

export function createCoachNotice(deps: {
  db: Kysely<Database>;
  mailer: Mailer;
  log: { error(obj: object, msg: string): void };
}): CoachNotice {
  const { db, mailer, log } = deps;
  return async (tenant, owner, request) => {
    const coachId = await coachUserOf(db, owner);
    if (coachId === undefined) return;
    const parties = await noticeParties(db, owner.tenantId, owner.userId, coachId);
    if (!parties) return;
    const mail = requestMail(tenant, parties.from, parties.to, {
      ...request,
      word: requestWords[request.kind],
    });
    await mailer.send(mail).catch((error: unknown) => {
      log.error({ err: error }, `notice of a new ${requestWords[request.kind]} not sent`);
    });
  };
}
