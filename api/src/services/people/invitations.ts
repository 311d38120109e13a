// A person's invitation: the single-use link made in the transaction of the change that invites them (with its
// event and audit entry), its mail sent once that transaction commits (a mail never carries a link that does not
// exist), and the invitee setting their password through it.
import type { Kysely } from 'kysely';
import type { Database, Tenant } from '../../db/database.js';
import { FieldError, HttpError } from '../../errors.js';
import { consumeOneTimeToken, insertInvitation } from '../auth/one-time-token-repository.js';
import { changePassword } from '../auth/password-change.js';
import { hashPassword } from '../auth/passwords.js';
import { newToken, sha256 } from '../auth/secrets.js';
import { recordEvent } from '../events/record-event.js';
import type { Mailer } from '../mail/mailer.js';
import { findTenant } from '../tenants/tenant-repository.js';
import { adminScope, writeAudit } from './audit-repository.js';
import type { ChangeActor } from './audit-repository.js';
import { invitationMail } from './invitation-mail.js';
import { findPerson } from './people-repository.js';
import type { PersonRow } from './people-repository.js';
import { fullName } from './person-view.js';
import { roleOf } from '../access/roles.js';
import { sendIntake } from '../forms/forms-service.js';

const invitationDays = 7;

/** A mail to send once the transaction that made its link has committed. */
export interface Invitation {
  tenantId: number;
  email: string;
  firstName: string;
  token: string;
  inviter: string;
}

interface Deps {
  db: Kysely<Database>;
  now: () => Date;
  mailer: Mailer;
}

export function createInvitations({ db, now, mailer }: Deps) {
  return {
    /** A new single-use link for the person, its event and its audit entry, in the caller's transaction. */
    async linkIn(
      trx: Kysely<Database>,
      actor: ChangeActor,
      person: PersonRow,
      at: Date,
    ): Promise<Invitation> {
      const token = newToken();
      await insertInvitation(trx, {
        tenant_id: actor.tenantId,
        user_id: person.id,
        token_hash: sha256(token),
        created_at: at,
        expires_at: new Date(at.getTime() + invitationDays * 24 * 60 * 60_000),
      });
      await recordEvent(trx, actor.tenantId, 'person.invited', { person_id: person.id, email: person.email });
      const actorName = await writeAudit(trx, actor, at, {
        action: 'person.invited',
        subject_type: 'person',
        subject_id: person.id,
        person_id: person.id,
        summary: `Sent an invitation to ${person.email}`,
      });
      return {
        tenantId: actor.tenantId,
        email: person.email,
        firstName: person.first_name,
        token,
        // An integration's key invites in the business's name, not the key's.
        inviter: 'userId' in actor ? actorName : '',
      };
    },

    /** Mails the link, after its transaction committed; nothing when the change invited no one. */
    async send(invitation: Invitation | undefined): Promise<void> {
      if (!invitation) return;
      const tenant = (await findTenant(db, invitation.tenantId)) as Tenant;
      const to = { email: invitation.email, firstName: invitation.firstName };
      await mailer.send(invitationMail(tenant, to, invitation.token, invitationDays, invitation.inviter));
    },

    /** The invitee sets their password: the link is used up, with every other link they were sent. */
    async accept(tenant: Tenant, token: string, password: string): Promise<void> {
      const passwordHash = await hashPassword(password);
      await db.transaction().execute(async (trx) => {
        const at = now();
        const userId = await consumeOneTimeToken(trx, 'invitations', {
          tenant_id: tenant.id,
          token_hash: sha256(token),
          at,
        });
        if (userId === undefined)
          throw new FieldError({
            token: [
              'This invitation link is invalid, used or expired. Ask the person who invited you for a new one.',
            ],
          });
        await changePassword(trx, { userId, passwordHash, at });
        const person = await findPerson(trx, adminScope({ tenantId: tenant.id, userId }), userId);
        if (!person) throw new HttpError(404, 'Person not found.');
        await recordEvent(trx, tenant.id, 'person.activated', { person_id: userId, email: person.email });
        // A client who joins gets the tenant's intake questionnaire waiting for them, once: one added since
        // intakes went out on creation already has it, and this sends none.
        if (roleOf(person.role_id) === 'client') await sendIntake(trx, tenant.id, userId, at);
        await writeAudit(trx, { tenantId: tenant.id, userId }, at, {
          action: 'person.activated',
          subject_type: 'person',
          subject_id: userId,
          person_id: userId,
          summary: `${fullName(person)} accepted the invitation and set a password`,
          before: { status: 'pending' },
          after: { status: 'active' },
        });
      });
    },
  };
}
