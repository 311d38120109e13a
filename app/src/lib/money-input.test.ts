import { describe, expect, it } from 'vitest';
import { toMajorText, toMinorUnits } from './money-input';

describe('an amount typed in major units', () => {
  it('is sent in minor units, as many digits as the currency has', () => {
    expect(toMinorUnits('45', 'eur')).toBe(4500);
    expect(toMinorUnits(' 45.5 ', 'eur')).toBe(4550);
    expect(toMinorUnits('45,05', 'gbp')).toBe(4505);
    expect(toMinorUnits('4500', 'jpy')).toBe(4500);
  });

  it('refuses what is not an amount of the currency', () => {
    for (const [text, currency] of [
      ['45.505', 'eur'],
      ['45.5', 'jpy'],
      ['-3', 'eur'],
      ['1e3', 'eur'],
      ['', 'eur'],
    ])
      expect(toMinorUnits(text!, currency!)).toBeNull();
  });

  it('is shown back to edit in major units', () => {
    expect(toMajorText(4550, 'eur')).toBe('45.50');
    expect(toMajorText(4500, 'jpy')).toBe('4500');
  });
});
