// Referrals: the client names someone who might want coaching. The referral is stored for the coach, and the
// referred person gets one invitation mail, at most once a day per address and tenant however many clients
// refer them. A second referral within the day by another client, or of someone who already has an account
// with the tenant, is stored but not mailed, with the same answer: the caller learns nothing about other
// clients or accounts. The caller's own second referral of an address within the day is refused (422 naming
// email): they know they sent the first, and a "sent" would promise an invitation that is not mailed.
import type { Kysely } from 'kysely';
import type { Database, Tenant } from '../../db/database.js';
import { FieldError } from '../../errors.js';
import { normalizeEmail } from '../../../../contracts/email-address.js';
import { found } from '../client-work/owner.js';
import type { Actor } from '../access/scope.js';
import type { Mailer } from '../mail/mailer.js';
import type { CoachNotice } from './coach-notice.js';
import { recordEvent } from '../events/record-event.js';
import { reserve } from '../limits/limits.js';
import { findCredentials, findProfile } from '../users/user-repository.js';
import { invitationMail } from './referral-mail.js';
import type { Referrer } from './referral-mail.js';
import {
  claimInvitation,
  deleteReferral,
  insertSubmission,
  referredSince,
  markInvited,
  releaseInvitation,
} from './support-repository.js';

const invitationGapMs = 24 * 60 * 60_000;
const ALREADY_REFERRED = 'You have already referred this person today.';

interface ReferralInput {
  first_name: string;
  last_name: string;
  email: string;
  note?: string;
}

interface ReferralDeps {
  db: Kysely<Database>;
  now: () => Date;
  mailer: Mailer;
  tellCoach: CoachNotice;
}

export function createReferralService({ db, now, mailer, tellCoach }: ReferralDeps) {
  /** Mails the invitation when the address may have one now; false when it may not. */
  async function invite(
    tenant: Tenant,
    referrer: Referrer,
    to: { first_name: string; email: string },
    at: Date,
  ) {
    if (await findCredentials(db, tenant.id, to.email)) return false;
    const claim = { tenantId: tenant.id, email: to.email, at };
    if (!(await claimInvitation(db, { ...claim, since: new Date(at.getTime() - invitationGapMs) })))
      return false;
    try {
      await mailer.send(invitationMail(tenant, referrer, to));
    } catch (error) {
      // Neither sent nor queued (the database failed too): the address may be invited by the next try.
      await releaseInvitation(db, claim);
      throw error;
    }
    return true;
  }

  return {
    async add(tenant: Tenant, owner: Actor, requestId: string, input: ReferralInput) {
      const at = now();
      const email = normalizeEmail(input.email);
      const self = found(await findProfile(db, owner.tenantId, owner.userId), 'User');
      if (self.email === email)
        throw new FieldError({ email: ['Enter the address of someone else, not your own.'] });
      const person = { first_name: input.first_name.trim(), last_name: input.last_name.trim(), email };
      // The row is the referral's slot in the limit: stored first, under the limit's lock, so a burst cannot pass
      // the limit while invitations are mailed (never under the lock); it says `invited` once the mail went.
      const row = await reserve(db, 'referrals', owner, at, async (trx) => {
        if (await referredSince(trx, owner, email, new Date(at.getTime() - invitationGapMs)))
          throw new FieldError({ email: [ALREADY_REFERRED] });
        const stored = await insertSubmission(trx, owner, 'referrals', {
          request_id: requestId,
          ...person,
          note: input.note?.trim() ?? '',
          invited: false,
          created_at: at,
        });
        // The referred person is the lead a CRM wants: their name and address, not the referrer's note. Recorded
        // with the row, so the event is never lost; the row is withdrawn below only when the invitation could be
        // neither sent nor queued (the database failing), so its event may then have announced it already.
        await recordEvent(trx, owner.tenantId, 'referral.created', {
          referral_id: stored.id,
          user_id: owner.userId,
          ...person,
          created_at: at.toISOString(),
        });
        return stored;
      });
      let invited: boolean;
      try {
        invited = await invite(tenant, self, person, at);
      } catch (error) {
        // Neither mailed nor queued: the referral did not happen and its slot is free again.
        await deleteReferral(db, owner, row.id);
        throw error;
      }
      if (invited) await markInvited(db, owner, row.id);
      const note = input.note?.trim() ?? '';
      await tellCoach(tenant, owner, {
        kind: 'referrals',
        summary: `${person.first_name} ${person.last_name}`,
        text: note ? `${email}\n${note}` : email,
      });
      return { id: row.id, ...person, created_at: row.created_at.toISOString() };
    },
  };
}
