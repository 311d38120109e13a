// A change of an activated person's login email, whoever asks for it (the admin's screen; the integration API and
// the CSV import find people by email and so cannot): the address is the key to the account, so an admin who
// could set it would receive the person's next reset link, and with it their private messages and files. The
// change therefore waits for the new address to open a single-use link; when it does, the old address is told
// and every session, trusted device, code and link of the account ends. A person who never set a password has
// nothing to take over: their address changes at once and the invitations sent to the old one stop working.
import type { Kysely } from 'kysely';
import type { Database, Tenant } from '../../db/database.js';
import { HttpError } from '../../errors.js';
import { retireOneTimeTokens } from '../auth/one-time-token-repository.js';
import { retireChallenges } from '../auth/otp-repository.js';
import { newToken, sha256 } from '../auth/secrets.js';
import { revokeAllForUser } from '../auth/session-repository.js';
import type { MailDraft } from '../mail/mail-draft.js';
import type { Mailer } from '../mail/mailer.js';
import { findTenant } from '../tenants/tenant-repository.js';
import { adminScope, writeAudit } from './audit-repository.js';
import type { ChangeActor } from './audit-repository.js';
import { findIdByEmail, findPerson } from './people-repository.js';
import type { PersonRow } from './people-repository.js';
import { fullName } from './person-view.js';

const linkHours = 24;

/** Whether the person has ever set a password (a deactivated one may have): then a new address must confirm. */
export async function hasPassword(db: Kysely<Database>, tenantId: number, userId: number) {
  const row = await db
    .selectFrom('users')
    .select('password_hash')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.password_hash != null;
}

/** Marks the person's open change (if any) cancelled: a newer change replaces it, or the admin withdrew it. */
async function cancelOpen(db: Kysely<Database>, userId: number, at: Date) {
  return db
    .updateTable('email_changes')
    .set({ cancelled_at: at })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('cancelled_at', 'is', null)
    .returning('new_email')
    .executeTakeFirst();
}

async function confirmMail(
  db: Kysely<Database>,
  actor: ChangeActor,
  person: PersonRow,
  newEmail: string,
  requester: string,
  at: Date,
): Promise<MailDraft> {
  const token = newToken();
  await db
    .insertInto('email_changes')
    .values({
      tenant_id: actor.tenantId,
      user_id: person.id,
      new_email: newEmail,
      token_hash: sha256(token),
      created_at: at,
      expires_at: new Date(at.getTime() + linkHours * 60 * 60_000),
    })
    .execute();
  const tenant = (await findTenant(db, actor.tenantId)) as Tenant;
  return {
    tenant,
    kind: 'email-confirm',
    to: newEmail,
    values: {
      firstName: person.first_name,
      newEmail,
      link: `https://${tenant.domain}/email-change/${token}`,
      requester,
      hours: linkHours,
    },
  };
}

/**
 * Makes `newEmail` the person's pending address (replacing an open change), in the caller's transaction, with its
 * audit entry; returns the mail to send to the new address once that transaction commits.
 */
export async function requestEmailChange(
  db: Kysely<Database>,
  actor: ChangeActor,
  person: PersonRow,
  newEmail: string,
  at: Date,
): Promise<MailDraft> {
  await cancelOpen(db, person.id, at);
  const actorName = await writeAudit(db, actor, at, {
    action: 'person.email_change_requested',
    subject_type: 'person',
    subject_id: person.id,
    person_id: person.id,
    summary: `Asked ${newEmail} to confirm it as the login email of ${fullName(person)}`,
    before: { email: person.email },
    after: { pending_email: newEmail },
  });
  return confirmMail(db, actor, person, newEmail, 'userId' in actor ? actorName : '', at);
}

/** A person who never signed in changes address at once: the links sent to the old address stop working. */
export async function retireOldAddressLinks(db: Kysely<Database>, userId: number, at: Date) {
  await retireOneTimeTokens(db, userId, at);
  await cancelOpen(db, userId, at);
}

/** Why a confirmation link does not work, said on the page it lands on. */
const refused = {
  unknown: () =>
    new HttpError(404, 'This link is not valid. Check that you opened the whole link from the mail.'),
  used: () =>
    new HttpError(410, 'This link has already been used. Sign in with the email address it confirmed.'),
  cancelled: () =>
    new HttpError(
      410,
      'This email change was cancelled or replaced by a newer one. Use the newest mail you received, or ask your coaching team.',
    ),
  expired: () => new HttpError(410, 'This link has expired. Ask your coaching team to send a new one.'),
  taken: () =>
    new HttpError(
      409,
      'Someone in this portal already has this email, so it cannot become yours. Ask your coaching team.',
    ),
  deactivated: () =>
    new HttpError(
      409,
      'This account has been deactivated. Ask your coaching team to reactivate it if you need it again.',
    ),
};

export function createEmailChangeService({
  db,
  now,
  mailer,
}: {
  db: Kysely<Database>;
  now: () => Date;
  mailer: Mailer;
}) {
  async function mustFind(trx: Kysely<Database>, actor: ChangeActor, id: number) {
    const person = await findPerson(trx, adminScope(actor), id);
    if (!person) throw new HttpError(404, 'Person not found.');
    return person;
  }

  return {
    /** The new address opened its link: the change takes effect, and the account starts afresh. */
    async confirm(tenant: Tenant, token: string): Promise<{ email: string }> {
      const { oldMail, email } = await db.transaction().execute(async (trx) => {
        const at = now();
        const change = await trx
          .selectFrom('email_changes')
          .selectAll()
          .where('tenant_id', '=', tenant.id)
          .where('token_hash', '=', sha256(token))
          .forUpdate()
          .executeTakeFirst();
        if (!change) throw refused.unknown();
        if (change.used_at) throw refused.used();
        if (change.cancelled_at) throw refused.cancelled();
        if (change.expires_at <= at) throw refused.expired();
        const scope = { tenantId: tenant.id, userId: change.user_id };
        const person = await findPerson(trx, adminScope(scope), change.user_id);
        if (!person) throw refused.unknown();
        if (person.deactivated_at) throw refused.deactivated();
        const holder = await findIdByEmail(trx, tenant.id, change.new_email);
        if (holder !== undefined && holder !== person.id) throw refused.taken();
        await trx.updateTable('email_changes').set({ used_at: at }).where('id', '=', change.id).execute();
        await trx
          .updateTable('users')
          .set({ email: change.new_email, updated_at: at })
          .where('tenant_id', '=', tenant.id)
          .where('id', '=', person.id)
          .execute();
        // The account starts afresh: whoever held a session, a device, a code or a link through the old address
        // (reset links went to it) has none any more.
        await revokeAllForUser(trx, person.id, at);
        await retireOneTimeTokens(trx, person.id, at);
        await retireChallenges(trx, { userId: person.id, at });
        await writeAudit(trx, scope, at, {
          action: 'person.email_changed',
          subject_type: 'person',
          subject_id: person.id,
          person_id: person.id,
          summary: `${fullName(person)} confirmed ${change.new_email} as their login email`,
          before: { email: person.email },
          after: { email: change.new_email },
        });
        const notice: MailDraft = {
          tenant,
          kind: 'email-changed',
          to: person.email,
          values: { firstName: person.first_name, newEmail: change.new_email },
        };
        return { oldMail: notice, email: change.new_email };
      });
      await mailer.send(oldMail);
      return { email };
    },

    /** The admin withdraws the pending change: its link stops working, the login email stays. */
    async cancel(actor: ChangeActor, id: number) {
      await db.transaction().execute(async (trx) => {
        const person = await mustFind(trx, actor, id);
        const at = now();
        const cancelled = await cancelOpen(trx, id, at);
        if (!cancelled) throw new HttpError(409, 'This person has no email change waiting.');
        await writeAudit(trx, actor, at, {
          action: 'person.email_change_cancelled',
          subject_type: 'person',
          subject_id: id,
          person_id: id,
          summary: `Cancelled the change of ${fullName(person)}'s login email to ${cancelled.new_email}`,
          before: { pending_email: cancelled.new_email },
          after: { pending_email: null },
        });
      });
    },

    /** Sends the pending change's link again, as a new link (the old one stops working). */
    async resend(actor: ChangeActor, id: number) {
      const mail = await db.transaction().execute(async (trx) => {
        const person = await mustFind(trx, actor, id);
        if (!person.pending_email) throw new HttpError(409, 'This person has no email change waiting.');
        return requestEmailChange(trx, actor, person, person.pending_email, now());
      });
      await mailer.send(mail);
    },
  };
}
