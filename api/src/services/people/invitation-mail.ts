// The invitation a new person receives. Like the sign-in mails (auth/auth-mails.ts), the link is built from the
// tenant's brand domain, never from a request's Host header.
import type { Tenant } from '../../db/database.js';
import type { MailMessage } from '../../../../schemas/mail-message.js';

export function invitationMail(
  tenant: Tenant,
  to: { email: string; firstName: string },
  token: string,
  days: number,
): MailMessage {
  return {
    from: `"${tenant.name}" <no-reply@${tenant.domain}>`,
    to: to.email,
    subject: `You are invited to ${tenant.name}`,
    text: [
      `Hello ${to.firstName},`,
      '',
      `You have been invited to ${tenant.name}. To choose your password, open:`,
      `https://${tenant.domain}/invitation/${token}`,
      '',
      `The link expires in ${days} days and works once. After that, sign in with your email, your password and`,
      'the one-time code we mail you.',
    ].join('\n'),
  };
}
