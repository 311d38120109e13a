// The receipt studentemail mails after a paid group's payment succeeded (templates/mail/receipt); the amount is the one
// charged, in the currency's minor unit formatted with Intl.
import type { Tenant } from '../../db/database.js';
import type { MailDraft } from '../mail/mail-draft.js';

interface Paid {
  amount: number;
  currency: string;
  intent_id: string;
  paid_at: Date;
}

function formatAmount(amount: number, currency: string): string {
  const format = new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
}

export function receiptMail(
  tenant: Tenant,
  to: { first_name: string; email: string },
  groupTitle: string,
  paid: Paid,
): MailDraft {
  return {
    tenant,
    kind: 'receipt',
    to: to.email,
    values: {
      firstName: to.first_name,
      group: groupTitle,
      amount: formatAmount(paid.amount, paid.currency),
      date: paid.paid_at.toISOString().slice(0, 10),
      reference: paid.intent_id,
      link: `https://${tenant.domain}/groups`,
    },
  };
}
