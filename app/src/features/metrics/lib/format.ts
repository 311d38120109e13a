/**
 * Months and amounts as /metrics shows them. Months are 'YYYY-MM', calendar months with no time zone, named
 * and found by the portal's one date module (lib/dates).
 */
export { currentMonth, formatMonth as monthName } from '@/lib/dates';
export { formatAmount } from '@/lib/metric-amounts';
import { monthStart } from '@/lib/metric-amounts';

/** `count` months back from `latest` (itself first), newest first: the months a client can record. */
export function recentMonths(latest: string, count: number): string[] {
  const start = monthStart(latest);
  return Array.from({ length: count }, (_, i) =>
    new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() - i, 1)).toISOString().slice(0, 7),
  );
}

/** Whether a value meets the target, given which way is better. */
export const meetsTarget = (value: number, target: number, direction: 'up' | 'down'): boolean =>
  direction === 'up' ? value >= target : value <= target;

/** What a person types ('52,800.50', ' 12 ') as a number; null when it is none. */
export function parseAmount(text: string): number | null {
  const cleaned = text.replace(/[,\s]/g, '');
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(cleaned)) return null;
  const value = Number(cleaned);
  return Number.isFinite(value) && Math.abs(value) <= 1e12 ? value : null;
}
