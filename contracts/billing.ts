// What a coaching business sells and how its money is counted (issue 38), shared by the API, the app and the
// CLI (tenant.json's billing block). Every amount is an integer in its currency's minor unit: 4500 is 45.00 EUR
// but 4500 JPY, which has none. A price is what the client pays, tax included (a coaching client is a consumer,
// shown one price); the invoice splits it by the tenant's rate in basis points (2000 is 20 %), the tax rounded
// half up to the minor unit and the net the rest, so net + tax is always exactly the price.

/** The four ways a session is sold: one, a package of N, a subscription per period, a total in instalments. */
export const OFFERING_KINDS = ['session', 'package', 'subscription', 'plan'] as const;
export type OfferingKind = (typeof OFFERING_KINDS)[number];

/** Who may buy an offering: all the coach's clients, one group's members, or those invited one by one. */
export const OFFERING_AUDIENCES = ['clients', 'group', 'invited'] as const;
export type OfferingAudience = (typeof OFFERING_AUDIENCES)[number];

export const SUBSCRIPTION_INTERVALS = ['month', 'quarter'] as const;
export type SubscriptionInterval = (typeof SUBSCRIPTION_INTERVALS)[number];

/** A purchase's life: pending until paid, active while it runs, then completed, cancelled, failed or refunded. */
export const PURCHASE_STATUSES = [
  'pending',
  'active',
  'completed',
  'cancelled',
  'failed',
  'refunded',
] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];

/**
 * ISO 4217 currencies without a minor unit, as Stripe lists them (its "zero-decimal currencies"): their amounts
 * are whole units, for Stripe and for us. Any other currency we accept has two decimals.
 */
const ZERO_DECIMAL = new Set([
  'bif',
  'clp',
  'djf',
  'gnf',
  'jpy',
  'kmf',
  'krw',
  'mga',
  'pyg',
  'rwf',
  'ugx',
  'vnd',
  'vuv',
  'xaf',
  'xof',
  'xpf',
]);

/** How many digits a currency's minor unit has: 0 for JPY, 2 for EUR. */
export const minorDigits = (currency: string): 0 | 2 => (ZERO_DECIMAL.has(currency.toLowerCase()) ? 0 : 2);

/** An amount in minor units as a person reads it, in their locale: formatMoney(4500, 'eur', 'de') → "45,00 €". */
export function formatMoney(amount: number, currency: string, locale = 'en-GB'): string {
  const digits = minorDigits(currency);
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amount / 10 ** digits);
}

/** The tax inside a price (tax included) at a rate in basis points, rounded half up to the minor unit. */
export const taxIncluded = (price: number, rateBp: number): number =>
  Math.floor((price * rateBp * 2 + (10000 + rateBp)) / (2 * (10000 + rateBp)));
