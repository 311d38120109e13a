import { minorDigits } from '../../../contracts/billing';

/**
 * An amount typed in the currency's major units ("45", "45.5", "45,50"; "4500" for yen) as its integer of minor
 * units (4550), or null when it is not an amount with at most the currency's digits after the point.
 */
export function toMinorUnits(text: string, currency: string): number | null {
  const digits = minorDigits(currency);
  const match = /^(\d{1,9})(?:[.,](\d+))?$/.exec(text.trim());
  if (!match) return null;
  const [, whole = '', fraction = ''] = match;
  if (fraction.length > digits) return null;
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
}

/** Minor units as the field shows them to edit: 4550 eur → "45.50", 4500 jpy → "4500". */
export function toMajorText(amount: number, currency: string): string {
  const digits = minorDigits(currency);
  return (amount / 10 ** digits).toFixed(digits);
}
