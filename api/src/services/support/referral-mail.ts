// The invitation a referral mails to the referred person (templates/mail/referral). Nothing in it the client typed except
// the referred person's first name: the client's note is for the coach, so nobody can use the form to put their
// own message in a stranger's inbox under the tenant's name.
import type { Tenant } from '../../db/database.js';
import type { MailDraft } from '../mail/mail-draft.js';

export interface Referrer {
  first_name: string;
  last_name: string;
  email: string;
}

export function invitationMail(
  tenant: Tenant,
  from: Referrer,
  to: { first_name: string; email: string },
): MailDraft {
  return {
    tenant,
    kind: 'referral',
    to: to.email,
    values: {
      firstName: to.first_name,
      referrer: `${from.first_name} ${from.last_name}`,
      referrerEmail: from.email,
      link: `https://${tenant.domain}/`,
    },
  };
}
