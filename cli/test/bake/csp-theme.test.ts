import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../src/lib/bake/csp.js';
import { BOOT_SCRIPT_HASH } from '../../src/lib/bake/prerender.js';
import { buildThemeFile } from '../../src/lib/bake/theme-file.js';
import { defaultColors } from '../../src/lib/tenants/colors.js';

const DEFAULT_COLORS = defaultColors();
import type { TenantConfig } from '../../src/lib/tenants/types.js';

const base: TenantConfig = { id: 7, name: 'T', domain: 't.example.com', apiUrl: '/' };

describe('content security policy', () => {
  it('allows only this origin by default', () => {
    const csp = contentSecurityPolicy(base);
    expect(csp).toContain("default-src 'self'");
    // Scripts: this origin's, and index.html's one inline script by its hash (its choice of first screen).
    expect(csp).toContain(`script-src 'self' ${BOOT_SCRIPT_HASH};`);
    expect(csp).toContain("connect-src 'self';");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("media-src 'self';");
    // Frames only for same-origin object URLs (the PDF preview), never another site.
    expect(csp).toContain('frame-src blob:;');
    // The manifest and the service worker come from this origin only.
    expect(csp).toContain("manifest-src 'self'; worker-src 'self'");
  });

  it('adds the API and theme origins and turned-on integrations', () => {
    const csp = contentSecurityPolicy({
      ...base,
      apiUrl: 'https://api.example.com/v1',
      themeUrl: 'https://cdn.example.com/themes',
      integrations: { captchaSiteKey: 'abcdefghijkl' },
    });
    expect(csp).toContain("connect-src 'self' https://api.example.com https://cdn.example.com");
    // Lesson videos: this origin and the API's (its stored files), nothing else.
    expect(csp).toContain("media-src 'self' https://api.example.com;");
    expect(csp).toContain(`script-src 'self' ${BOOT_SCRIPT_HASH} https://www.google.com/recaptcha/`);
  });

  it("allows each integration's hosts only when the tenant sets it", () => {
    const hosts = ['googletagmanager.com', 'google-analytics.com', 'recaptcha', 'stripe.com'];
    const off = contentSecurityPolicy(base);
    expect(hosts.filter((host) => off.includes(host))).toEqual([]);
    const analytics = contentSecurityPolicy({
      ...base,
      integrations: { analyticsContainerId: 'GTM-ABC123' },
    });
    expect(analytics).toContain(`script-src 'self' ${BOOT_SCRIPT_HASH} https://*.googletagmanager.com;`);
    expect(analytics).toContain('https://*.google-analytics.com https://*.analytics.google.com');
    expect(hosts.filter((host) => analytics.includes(host))).toEqual([
      'googletagmanager.com',
      'google-analytics.com',
    ]);
    const stripe = contentSecurityPolicy({
      ...base,
      integrations: { stripePublishableKey: 'pk_test_abcdefgh12345678' },
    });
    expect(hosts.filter((host) => stripe.includes(host))).toEqual(['stripe.com']);
    expect(stripe).toContain(
      `script-src 'self' ${BOOT_SCRIPT_HASH} https://js.stripe.com https://*.js.stripe.com;`,
    );
    expect(stripe).toContain(
      'frame-src blob: https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com;',
    );
    expect(stripe).toContain("connect-src 'self' https://api.stripe.com;");
    expect(off).toContain('frame-src blob:;');
  });
});

describe('theme file', () => {
  it('fills every colour from the defaults', () => {
    const { theme, files } = buildThemeFile(base);
    expect(theme.colors).toEqual(DEFAULT_COLORS);
    expect(files).toEqual([]);
  });

  it('layers brand over theme over defaults and lists local asset files', () => {
    const { theme, files } = buildThemeFile({
      ...base,
      theme: {
        colors: { primary: '#111111' },
        assets: { logo: 'logo.svg', favicon: 'https://cdn.example.com/f.ico' },
      },
      brands: { night: { colors: { background: '#000000' }, assets: { logo: 'img/night.png' } } },
    });
    expect(theme.colors.primary).toBe('#111111');
    expect(theme.colors.background).toBe(DEFAULT_COLORS.background);
    expect(theme.brands?.night?.colors.primary).toBe('#111111');
    expect(theme.brands?.night?.colors.background).toBe('#000000');
    // Links take the primary colour in force when no linkColor is set.
    expect(theme.colors.linkColor).toBe('#111111');
    expect(theme.brands?.night?.colors.linkColor).toBe('#111111');
    expect(theme.brands?.night?.assets).toEqual({ logo: 'img/night.png' });
    expect(files).toEqual(['img/night.png', 'logo.svg']);
  });
});
