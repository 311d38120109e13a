import { describe, expect, it } from 'vitest';
import {
  COLOR_KEYS,
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
    expect(Object.keys(colors).sort()).toEqual([...COLOR_KEYS].sort());
    expect(colors).toMatchObject({ primary: '#222222', background: '#eeeeee', secondary: '#2ecc71' });
    expect(resolveColors(config).primary).toBe('#111111');
    expect(resolveColors(config, 'unknown').primary).toBe('#111111');
  });

  it('gives links the primary colour in force unless a linkColor is set (x-sameAs in theme.schema.json)', () => {
    expect(resolveColors(config).linkColor).toBe('#111111');
    expect(resolveColors(config, 'night').linkColor).toBe('#222222');
    const own = minimalConfig({
      theme: { colors: { primary: '#111111', linkColor: '#0b5394' } },
      brands: { night: { colors: { primary: '#222222' } }, sea: { colors: { linkColor: '#004466' } } },
    }) as unknown as TenantConfig;
    expect(resolveColors(own).linkColor).toBe('#0b5394');
    expect(resolveColors(own, 'night').linkColor).toBe('#0b5394');
    expect(resolveColors(own, 'sea').linkColor).toBe('#004466');
  });
});

describe('contrast checks in the loader', () => {
  it('lists every rendered pair once', () => {
    expect(CONTRAST_PAIRS).toHaveLength(12);
    expect(CONTRAST_PAIRS).toContainEqual({ foreground: 'textColor', background: 'background' });
    expect(CONTRAST_PAIRS.filter((p) => p.foreground === 'buttonTextColor').map((p) => p.background)).toEqual(
      ['buttonDefaultColor', 'buttonPrimaryColor', 'buttonSecondaryColor'],
    );
    expect(
      CONTRAST_PAIRS.filter((p) => p.foreground === 'textInverseColor').map((p) => p.background),
    ).toEqual(['primary', 'hoverColor', 'loginBackground']);
    // Links sit on the page background and on the white cards (the login card among them).
    expect(CONTRAST_PAIRS.filter((p) => p.foreground === 'linkColor').map((p) => p.background)).toEqual([
      'background',
      { name: 'the white card', color: '#ffffff' },
    ]);
  });

  it('checks links on the background and on the white card, also where a brand moves the primary', async () => {
    const dir = await tempDir();
    await writeTenant(
      dir,
      'links',
      minimalConfig({
        theme: { colors: { linkColor: '#8a8a8a', background: '#ffffff' } },
        brands: {
          sun: { colors: { primary: '#ffcc00', linkColor: '#ffcc00' } },
          dusk: { colors: { primary: '#f5a623' } },
        },
      }),
    );
    const [tenant] = await loadTenants({ tenantsDir: dir });
    const links = tenant!.problems.filter((p) => p.message.startsWith('linkColor'));
    expect(links.map((p) => [p.pointer, p.message])).toEqual([
      [
        '/theme/colors/linkColor',
        'linkColor #8a8a8a on background #ffffff has a contrast of 3.45:1, below 4.5:1 (WCAG AA)',
      ],
      [
        '/theme/colors/linkColor',
        'linkColor #8a8a8a on the white card #ffffff has a contrast of 3.45:1, below 4.5:1 (WCAG AA)',
      ],
      [
        '/brands/sun/colors/linkColor',
        'linkColor #ffcc00 on background #ffffff in brand "sun" has a contrast of 1.51:1, below 4.5:1 (WCAG AA)',
      ],
      [
        '/brands/sun/colors/linkColor',
        'linkColor #ffcc00 on the white card #ffffff in brand "sun" has a contrast of 1.51:1, below 4.5:1 (WCAG AA)',
      ],
    ]);
    // The white card is not the tenant's to change: only a link colour is offered.
    expect(links[1]?.suggestion).toMatch(/^nearest passing colour: linkColor "#[0-9a-f]{6}" \(4\.\d\d:1\)$/);

    // Without a linkColor anywhere, a brand's own primary is its link colour: checked, pointing at that primary.
    await writeTenant(dir, 'links', minimalConfig({ brands: { dusk: { colors: { primary: '#f5a623' } } } }));
    const [dusk] = await loadTenants({ tenantsDir: dir });
    expect(
      dusk!.problems.filter((p) => p.message.startsWith('linkColor')).map((p) => [p.pointer, p.message]),
    ).toEqual([
      [
        '/brands/dusk/colors/primary',
        'linkColor #f5a623 on background #f3fafe in brand "dusk" has a contrast of 1.92:1, below 4.5:1 (WCAG AA)',
      ],
      [
        '/brands/dusk/colors/primary',
        'linkColor #f5a623 on the white card #ffffff in brand "dusk" has a contrast of 2.03:1, below 4.5:1 (WCAG AA)',
      ],
    ]);
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
      expect.objectContaining({
        pointer: '/theme/colors/textColor',
        message:
          'textColor #777777 on the white card #ffffff has a contrast of 4.48:1, below 4.5:1 (WCAG AA)',
      }),
    ]);
    const [strict] = await loadTenants({ tenantsDir: dir, strict: true });
    expect(strict?.config).toBeNull();
    expect(strict?.problems[0]?.severity).toBe('error');
  });

  it('checks the primary where the app draws it as text: titles and names on the background and the white cards', async () => {
    const dir = await tempDir();
    // Every other pair passes: white reads on none of these teals, so their text is black.
    const colors = {
      primary: '#0e9384',
      hoverColor: '#0fa595',
      loginBackground: '#0e9384',
      textInverseColor: '#000000',
      buttonPrimaryColor: '#0b6b60',
      linkColor: '#0b6b60',
    };
    await writeTenant(dir, 'teal', minimalConfig({ theme: { colors } }));
    const [strict] = await loadTenants({ tenantsDir: dir, strict: true });
    expect(strict?.config).toBeNull();
    expect(strict?.problems.map((p) => [p.pointer, p.severity, p.message])).toEqual([
      [
        '/theme/colors/primary',
        'error',
        'primaryTextColor #0e9384 on background #f3fafe has a contrast of 3.60:1, below 4.5:1 (WCAG AA)',
      ],
      [
        '/theme/colors/primary',
        'error',
        'primaryTextColor #0e9384 on the white card #ffffff has a contrast of 3.80:1, below 4.5:1 (WCAG AA)',
      ],
    ]);
    await writeTenant(
      dir,
      'teal',
      minimalConfig({ theme: { colors: { ...colors, primaryTextColor: '#0b6b60' } } }),
    );
    const [fixed] = await loadTenants({ tenantsDir: dir, strict: true });
    expect(fixed?.problems).toEqual([]);
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
