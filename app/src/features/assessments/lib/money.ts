/**
 * Whole amounts in an assessment's currency, formatted by Intl.NumberFormat in the browser's language
 * ('$94,000', '94.000 €'). Without a known code (currencies not loaded, or an unknown id) the number alone.
 */
export function formatAmount(amount: number, code: string | undefined): string {
  if (code) {
    try {
      return new Intl.NumberFormat(undefined, {
        style: 'currency',
        currency: code,
        maximumFractionDigits: 0,
        minimumFractionDigits: 0,
      }).format(amount);
    } catch {
      // A code the browser does not know: fall through to the plain number.
    }
  }
  return new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 }).format(amount);
}
