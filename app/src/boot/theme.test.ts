import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_COLORS,
  applyTheme,
  cssVar,
  loadTheme,
  parseTheme,
  requestedBrand,
  themeFileUrl,
} from './theme';

const THEME_URL = 'https://portal.example.com/themes/7/theme.json';

const fakeLocation = (search: string) => ({ search }) as Location;

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  document.documentElement.removeAttribute('style');
});

describe('loading the theme file', () => {
  const failed = 'Failed to load theme file for tenant ID: 7';
  it.each([
    ['no answer at all', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['an error status', () => Promise.resolve(new Response('gone', { status: 404 }))],
    ['a file that is not JSON', () => Promise.resolve(new Response('<html>', { status: 200 }))],
    ['JSON that is not a theme', () => Promise.resolve(Response.json(['a list']))],
  ])("says SPEC §8's message for %s", async (_case, answer) => {
    vi.stubGlobal('fetch', vi.fn(answer));
    await expect(loadTheme('/themes', 7, null)).rejects.toThrow(new Error(failed));
  });

  it('reads the brand from a good file', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(Response.json({ colors: { primary: '#123456' } }))),
    );
    expect((await loadTheme('/themes', 7, null)).colors.primary).toBe('#123456');
  });
});

describe('theme', () => {
  it('builds the theme file URL from the baked base and tenant id', () => {
    expect(themeFileUrl('/themes', 7)).toBe('/themes/7/theme.json');
    expect(themeFileUrl('https://cdn.example.com/t/', 7)).toBe('https://cdn.example.com/t/7/theme.json');
  });

  it('fills missing or invalid colours from the defaults and ignores CSS or HTML in values', () => {
    const brand = parseTheme(
      {
        colors: {
          primary: '#abc',
          accent: 'red;}body{background:url(x)}',
          background: '</style><script>alert(1)</script>',
          textColor: 'var(--x)',
          hoverColor: '#12345',
        },
      },
      THEME_URL,
      null,
    );
    expect(brand.colors.primary).toBe('#abc');
    expect(brand.colors.accent).toBe(DEFAULT_COLORS.accent);
    expect(brand.colors.background).toBe(DEFAULT_COLORS.background);
    expect(brand.colors.textColor).toBe(DEFAULT_COLORS.textColor);
    expect(brand.colors.hoverColor).toBe(DEFAULT_COLORS.hoverColor);
  });

  it('resolves image paths next to theme.json and refuses javascript:, data: and foreign http: URLs', () => {
    const ok = parseTheme(
      { colors: {}, assets: { logo: 'logo.svg', favicon: 'https://cdn.example.com/f.ico' } },
      THEME_URL,
      null,
    );
    expect(ok.logo).toBe('https://portal.example.com/themes/7/logo.svg');
    expect(ok.favicon).toBe('https://cdn.example.com/f.ico');
    for (const bad of ['javascript:alert(1)', 'data:image/svg+xml,<svg/>', 'http://evil.example.com/x.png']) {
      expect(parseTheme({ colors: {}, assets: { logo: bad } }, THEME_URL, null).logo, bad).toBeNull();
    }
  });

  it('applies the brand asked for, keeping the tenant images the brand does not override', () => {
    const raw = {
      colors: { primary: '#111111' },
      assets: { logo: 'logo.svg', loginBackground: 'bg.png' },
      brands: { night: { colors: { primary: '#222222' }, assets: { logo: 'night.svg' } } },
    };
    const night = parseTheme(raw, THEME_URL, 'night');
    expect(night.key).toBe('night');
    expect(night.colors.primary).toBe('#222222');
    expect(night.logo).toMatch(/night\.svg$/);
    expect(night.loginBackground).toMatch(/bg\.png$/);
    const unknown = parseTheme(raw, THEME_URL, 'nope');
    expect(unknown.key).toBeNull();
    expect(unknown.colors.primary).toBe('#111111');
    // An inherited property name is not a brand.
    expect(parseTheme(raw, THEME_URL, 'constructor').key).toBeNull();
  });

  it('keeps ?brand= for the session and drops a malformed one', () => {
    expect(requestedBrand(fakeLocation('?brand=Night'))).toBe('night');
    expect(requestedBrand(fakeLocation(''))).toBe('night');
    expect(requestedBrand(fakeLocation('?brand=../x'))).toBeNull();
    expect(requestedBrand(fakeLocation(''))).toBeNull();
  });

  it('takes the link colour from the theme file, or the primary colour of an older file without one', () => {
    const raw = {
      colors: { primary: '#111111', linkColor: '#0b5394' },
      brands: {
        night: { colors: { primary: '#222222', linkColor: '#333333' } },
        old: { colors: { primary: '#444444' } },
      },
    };
    expect(parseTheme(raw, THEME_URL, null).colors.linkColor).toBe('#0b5394');
    expect(parseTheme(raw, THEME_URL, 'night').colors.linkColor).toBe('#333333');
    expect(parseTheme(raw, THEME_URL, 'old').colors.linkColor).toBe('#444444');
    expect(parseTheme({ colors: { primary: '#9a3412' } }, THEME_URL, null).colors.linkColor).toBe('#9a3412');
    expect(DEFAULT_COLORS.linkColor).toBe(DEFAULT_COLORS.primary);
  });

  it('sets every colour as a CSS custom property', () => {
    const brand = parseTheme({ colors: { primary: '#9a3412' } }, THEME_URL, null);
    applyTheme(brand);
    expect(cssVar('buttonPrimaryColor')).toBe('--color-button-primary-color');
    expect(document.documentElement.style.getPropertyValue('--color-primary')).toBe('#9a3412');
    expect(document.documentElement.style.getPropertyValue('--color-link-color')).toBe('#9a3412');
    expect(document.documentElement.style.getPropertyValue('--color-background')).toBe(
      DEFAULT_COLORS.background,
    );
  });
});
