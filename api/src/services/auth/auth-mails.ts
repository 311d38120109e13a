// The mails login sends, in the tenant's brand (templates/mail/otp, login-link, reset). Links are built from the
// tenant's brand domain, never from the request's Host header, so a forged Host cannot turn a reset mail into a
// link to someone else's site. They have no notification topic: a client cannot turn them off.
import type { Tenant } from '../../db/database.js';
import type { MailDraft } from '../mail/mail-draft.js';

export function otpMail(tenant: Tenant, to: string, code: string, minutes: number): MailDraft {
  return { tenant, kind: 'otp', to, values: { code, minutes } };
}

export function loginLinkMail(tenant: Tenant, to: string, token: string, minutes: number): MailDraft {
  return {
    tenant,
    kind: 'login-link',
    to,
    values: { link: `https://${tenant.domain}/fbslogin/${token}`, minutes },
  };
}

export function resetMail(tenant: Tenant, to: string, token: string, minutes: number): MailDraft {
  return { tenant, kind: 'reset', to, values: { link: `https://${tenant.domain}/reset/${token}`, minutes } };
}
