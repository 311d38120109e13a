// The invitation a new person receives (templates/mail/invitation). Like the sign-in mails, the link is built from
// the tenant's brand domain, never from a request's Host header.
import type { Tenant } from '../../db/database.js';
import type { MailDraft } from '../mail/mail-draft.js';

export function invitationMail(
  tenant: Tenant,
  to: { email: string; firstName: string },
  token: string,
  days: number,
  /** Who invited them: the admin's name; empty when an integration did (the mail then names the business). */
  inviter: string,
): MailDraft {
  return {
    tenant,
    kind: 'invitation',
    to: to.email,
    values: { firstName: to.firstName, link: `https://${tenant.domain}/invitation/${token}`, inviter, days },
  };
}
