// The invitation a referral mails to the referred person. Plain text, and nothing in it the client typed except
// the referred person's first name: the client's note is for the coach, so nobody can use the form to put their
// own message in a stranger's inbox under the tenant's name.
import type { Tenant } from '../../db/database.js';
import type { MailMessage } from '../../../../schemas/mail-message.js';

export interface Referrer {
  first_name: string;
  last_name: string;
  email: string;
}

export function invitationMail(tenant: Tenant, from: Referrer, to: { first_name: string; email: string }) {
  const name = `${from.first_name} ${from.last_name}`;
  return {
    from: `"${tenant.name}" <no-reply@${tenant.domain}>`,
    to: to.email,
    subject: `${name} recommends ${tenant.name} to you`,
    text: [
      `Hello ${to.first_name},`,
      '',
      `${name} (${from.email}) works with a coach at ${tenant.name} and thought you might like to as well.`,
      '',
      `To find out more, visit https://${tenant.domain}/ or simply reply to ${from.email}.`,
      '',
      'You received this email because someone you know referred you. We will not write to you again unless',
      'someone refers you again, and never more than once a day.',
    ].join('\n'),
  } satisfies MailMessage;
}
