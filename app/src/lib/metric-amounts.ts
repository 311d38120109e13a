/**
 * A metric's months and amounts as its chart and /metrics show them (the metrics page and the coach's page of
 * a client draw the same chart): months are 'YYYY-MM', calendar months with no time zone.
 */
const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** Midnight UTC of the month's first day. */
export function monthStart(period: string): Date {
  const [year = 1970, month = 1] = period.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, 1));
}

/** 52800.5 and 'USD' -> '52,800.5 USD'. */
export function formatAmount(value: number, unit: string): string {
  const number = numberFormat.format(value);
  return unit ? `${number} ${unit}` : number;
}
