import { formatMoney } from '../../../../../contracts/billing';
import type { Offering, Purchase } from '../../../../../contracts/rest/billing';

/** What an offering gives, in a sentence: "6 sessions of Business review, valid for 6 months". */
export function describeOffering(o: Offering): string {
  const of = o.meeting_type ? ` of ${o.meeting_type.title}` : '';
  const sessions = (n: number | null) => (n === 1 ? `1 session${of}` : `${n ?? 0} sessions${of}`);
  switch (o.kind) {
    case 'session':
      return `One session${of}`;
    case 'package':
      return `${sessions(o.sessions)}, valid for ${o.valid_months} ${o.valid_months === 1 ? 'month' : 'months'}`;
    case 'subscription':
      return o.sessions
        ? `${sessions(o.sessions)} each ${o.interval === 'quarter' ? 'quarter' : 'month'}`
        : `Billed each ${o.interval === 'quarter' ? 'quarter' : 'month'}`;
    case 'plan':
      return `${formatMoney(o.price, o.currency, 'en-US')} in ${o.instalments} monthly instalments${
        o.instalment === null ? '' : `, the first ${formatMoney(o.instalment, o.currency, 'en-US')}`
      }`;
  }
}

export const STATUS_WORDS: Record<Purchase['status'], string> = {
  pending: 'Waiting for payment',
  active: 'Active',
  completed: 'Completed',
  cancelled: 'Cancelled',
  failed: 'Payment failed',
  refunded: 'Refunded',
};
