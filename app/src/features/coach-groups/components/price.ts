/** A group's price for the coach's lists: 'Free', or the amount in its currency ('$499.00'). */
export function priceOf(minor: number, currency: string): string {
  if (minor === 0) return 'Free';
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency: currency.toUpperCase() }).format(
      minor / 100,
    );
  } catch {
    // A code Intl does not know still reads as an amount and a code.
    return `${(minor / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}
