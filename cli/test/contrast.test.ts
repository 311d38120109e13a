import { describe, expect, it } from 'vitest';
import {
  CONTRAST_PAIRS,
  contrastRatio,
  loadTenants,
  MIN_CONTRAST,
  nearestPassing,
  resolveColors,
  type TenantConfig,
} from '../src/lib/tenants/index.js';
import { formatRatio } from '../src/lib/tenants/contrast.js';
import { REPO, minimalConfig, tempDir, writeTenant } from './helpers.js';
import path from 'node:path';

describe('contrastRatio', () => {
  it.each([
    ['#000000', '#ffffff', 21],
    ['#ffffff', '#ffffff', 1],
    ['#777777', '#ffffff', 4.48],
    ['#767676', '#ffffff', 4.54],
    ['#fff', '#000', 21],
    ['#0000ff', '#ffffff', 8.59],
    ['#ff0000', '#ffffff', 4.0],
  ])('%s on %s is %s:1', (a, b, expected) => {
    expect(contrastRatio(a, b)).toBeCloseTo(expected, 2);
    expect(contrastRatio(b, a)).toBeCloseTo(expected, 2);
  });

  it('never prints a failing ratio as a passing 4.50', () => {
    expect(formatRatio(4.4999)).toBe('4.49');
    expect(formatRatio(contrastRatio('#777777', '#ffffff'))).toBe('4.48');
    expect(formatRatio(4.5)).toBe('4.50');
  });
});

describe('nearestPassing', () => {
  it('finds the closest colour of the same hue that reaches 4.5:1, moving away from the other colour', () => {
    expect(nearestPassing('#777777', '#ffffff')).toEqual({ color: '#767676', ratio: expect.any(Number) });
    const fix = nearestPassing('#a0c4ff', '#ffffff');
    expect(fix && contrastRatio(fix.color, '#ffffff')).toBeGreaterThanOrEqual(MIN_CONTRAST);
    // Same hue: still a blue, only darker.
    expect(fix?.color).toMatch(/^#[0-3][0-9a-f][4-9a-f][0-9a-f][c-f][0-9a-f]$/);
  });

  it('gives up rather than flipping a background to the other side', () => {
    expect(nearestPassing('#ffffff', '#777777')).toBeNull();
  });
});

describe('resolveColors', () => {
  const config = minimalConfig({
    theme: { colors: { primary: '#111111', background: '#eeeeee' } },
    brands: { night: { colors: { primary: '#222222' } } },
  }) as unknown as TenantConfig;

  it('fills every key: brand over theme over defaults', () => {
    const colors = resolveColors(config, 'night');
    expect(Object.keys(colors)).toHaveLength(12);
    expect(colors).toMatchObject({ primary: '#222222', background: '#eeeeee', secondary: '#2ecc71' });
    expect(resolveColors(config).primary).toBe('#111111');
    expect(resolveColors(config, 'unknown').primary).toBe('#111111');
  });
});

describe('contrast checks in the loader', () => {
  it('lists every rendered pair once', () => {
    expect(CONTRAST_PAIRS).toHaveLength(7);
    expect(CONTRAST_PAIRS).toContainEqual({ foreground: 'textColor', background: 'background' });
    expect(CONTRAST_PAIRS.filter((p) => p.foreground === 'buttonTextColor').map((p) => p.background)).toEqual(
      ['buttonDefaultColor', 'buttonPrimaryColor', 'buttonSecondaryColor'],
    );
    expect(
      CONTRAST_PAIRS.filter((p) => p.foreground === 'textInverseColor').map((p) => p.background),
    ).toEqual(['primary', 'hoverColor', 'loginBackground']);
  });

  it('warns with the ratio and the nearest passing colour; --strict makes it an error', async () => {
    const dir = await tempDir();
    await writeTenant(
      dir,
      'grey',
      minimalConfig({ theme: { colors: { textColor: '#777777', background: '#ffffff' } } }),
    );
    const [loose] = await loadTenants({ tenantsDir: dir });
    expect(loose?.config).not.toBeNull();
    expect(loose?.problems).toEqual([
      expect.objectContaining({
        pointer: '/theme/colors/textColor',
        keyword: 'contrast',
        severity: 'warning',
        message: 'textColor #777777 on background #ffffff has a contrast of 4.48:1, below 4.5:1 (WCAG AA)',
        suggestion: 'nearest passing colour: textColor "#767676" (4.54:1)',
      }),
    ]);
    const [strict] = await loadTenants({ tenantsDir: dir, strict: true });
    expect(strict?.config).toBeNull();
    expect(strict?.problems[0]?.severity).toBe('error');
  });

  it('checks each brand where it changes a colour of a pair, naming the brand', async () => {
    const dir = await tempDir();
    await writeTenant(
      dir,
      'pale',
      minimalConfig({ brands: { pale: { colors: { hoverColor: '#bbbbbb' } } } }),
    );
    const [tenant] = await loadTenants({ tenantsDir: dir });
    expect(tenant?.problems).toMatchObject([
      { pointer: '/brands/pale/colors/hoverColor', message: expect.stringContaining('in brand "pale"') },
    ]);
  });

  it('passes on the example tenants with --strict (the release workflow runs it)', async () => {
    const tenants = await loadTenants({ tenantsDir: path.join(REPO, 'tenants'), strict: true });
    expect(tenants.flatMap((t) => t.problems)).toEqual([]);
  });
});
