// The receipt studentemail mails after a paid group's payment succeeded. Plain text; the amount is the one
// charged, in the currency's minor unit formatted with Intl.
import type { Tenant } from '../../db/database.js';
import type { MailMessage } from '../../../../schemas/mail-message.js';

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
) {
  return {
    from: `"${tenant.name}" <no-reply@${tenant.domain}>`,
    to: to.email,
    subject: `Your payment for ${groupTitle}`,
    text: [
      `Hello ${to.first_name},`,
      '',
      `Thank you: your payment for ${groupTitle} was received and your place in the group is confirmed.`,
      '',
      `Amount: ${formatAmount(paid.amount, paid.currency)}`,
      `Date: ${paid.paid_at.toISOString().slice(0, 10)}`,
      `Reference: ${paid.intent_id}`,
      '',
      `Open the group at https://${tenant.domain}/groups`,
    ].join('\n'),
  } satisfies MailMessage;
}
