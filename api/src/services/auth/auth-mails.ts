// The texts of the mails login sends. Links are built from the tenant's brand domain, never from the request's
// Host header, so a forged Host cannot turn a reset mail into a link to someone else's site.
import type { Tenant } from '../../db/database.js';
import type { MailMessage } from '../../../../schemas/mail-message.js';

const from = (tenant: Tenant) => `"${tenant.name}" <no-reply@${tenant.domain}>`;

export function otpMail(tenant: Tenant, to: string, code: string, minutes: number): MailMessage {
  return {
    from: from(tenant),
    to,
    subject: `Your ${tenant.name} sign-in code`,
    text: [
      `Your one-time password is: ${code}`,
      '',
      `It expires in ${minutes} minutes and works once. If you did not try to sign in, change your password.`,
    ].join('\n'),
  };
}

export function loginLinkMail(tenant: Tenant, to: string, token: string, minutes: number): MailMessage {
  return {
    from: from(tenant),
    to,
    subject: `Your ${tenant.name} sign-in link`,
    text: [
      'Open this link to sign in:',
      `https://${tenant.domain}/fbslogin/${token}`,
      '',
      `It expires in ${minutes} minutes and works once.`,
    ].join('\n'),
  };
}

export function resetMail(tenant: Tenant, to: string, token: string, minutes: number): MailMessage {
  return {
    from: from(tenant),
    to,
    subject: `Reset your ${tenant.name} password`,
    text: [
      'Someone asked to reset the password of your account. To choose a new one, open:',
      `https://${tenant.domain}/reset/${token}`,
      '',
      `The link expires in ${minutes} minutes and works once. If it was not you, ignore this mail.`,
    ].join('\n'),
  };
}
