import { describe, expect, it } from 'vitest';
import { currentMonth, formatAmount, meetsTarget, monthName, parseAmount, recentMonths } from './format';

describe('metrics formatting', () => {
  it('names months without a time zone moving them', () => {
    expect(monthName('2026-01')).toBe('January 2026');
    expect(monthName('2025-12')).toBe('December 2025');
  });

  it('knows the month in the client’s zone, not the browser’s', () => {
    const newYearUtc = new Date('2027-01-01T03:00:00Z');
    expect(currentMonth('UTC', newYearUtc)).toBe('2027-01');
    expect(currentMonth('America/Chicago', newYearUtc)).toBe('2026-12');
  });

  it('offers months newest first, across a year', () => {
    expect(recentMonths('2026-02', 4)).toEqual(['2026-02', '2026-01', '2025-12', '2025-11']);
  });

  it('reads what people type as a number, or refuses it', () => {
    expect(parseAmount('52,800.50')).toBe(52800.5);
    expect(parseAmount(' -3 ')).toBe(-3);
    expect(parseAmount('.5')).toBe(0.5);
    for (const text of ['', 'lots', '1e5', '12abc', '1.2.3', '9'.repeat(14)])
      expect(parseAmount(text)).toBeNull();
  });

  it('formats amounts with their unit and judges the target by direction', () => {
    expect(formatAmount(51400, 'USD')).toBe('51,400 USD');
    expect(formatAmount(0.125, '')).toBe('0.13');
    expect(meetsTarget(3, 2, 'down')).toBe(false);
    expect(meetsTarget(2, 2, 'down')).toBe(true);
    expect(meetsTarget(41, 40, 'up')).toBe(true);
  });
});
