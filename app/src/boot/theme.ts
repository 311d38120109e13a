/**
 * The tenant theme: fetched from {themeUrl}/{tenantId}/theme.json, one brand chosen by ?brand=, colours applied
 * as CSS custom properties through CSSOM (never by building CSS text), so a hostile theme file can at worst
 * pick ugly colours: every value is checked as #rgb / #rrggbb before it is used.
 */
import { $defs } from '../../../contracts/theme.schema.json';
import type { Brand, ColorKey, Colors } from '@/lib/portal-config';

/**
 * The colour keys, each with its default or the key it follows, come from contracts/theme.schema.json ($defs/colors,
 * which tenant.schema.json refers to), so a new key is added there, not here. Only that `$defs` is bundled.
 */
type ColorRule = { default?: string; 'x-sameAs'?: string };
const RULES: Record<ColorKey, ColorRule> = $defs.colors.properties;
export const COLOR_KEYS = Object.keys(RULES) as readonly ColorKey[];

/** Keys without a fixed default (x-sameAs in the schema): left out, each follows the key it names. */
const SAME_AS: Partial<Record<ColorKey, ColorKey>> = {};
const FIXED: Partial<Colors> = {};
for (const key of COLOR_KEYS) {
  const { default: fixed, 'x-sameAs': follows } = RULES[key];
  if (fixed !== undefined) FIXED[key] = fixed;
  else if (follows !== undefined) SAME_AS[key] = follows as ColorKey;
}

function followKeys(colors: Partial<Colors>): Colors {
  const out = { ...colors };
  for (const [key, source] of Object.entries(SAME_AS) as [ColorKey, ColorKey][]) out[key] ??= out[source];
  return out as Colors;
}

export const DEFAULT_COLORS: Colors = followKeys(FIXED);

const COLOR = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
const BRAND_KEY = /^[a-z0-9][a-z0-9-]{0,39}$/;
const BRAND_STORAGE_KEY = 'portal.brand';

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export function themeFileUrl(themeUrl: string, tenantId: number): string {
  return `${themeUrl.replace(/\/+$/, '')}/${tenantId}/theme.json`;
}

/**
 * The valid colours of `raw` over `base`. A sameAs key the file leaves out (a theme file baked before that key
 * existed) follows its own key in this brand rather than the base's value: links follow the brand's primary.
 */
function pickColors(raw: unknown, base: Colors): Colors {
  const out: Partial<Colors> = {};
  const given = isRecord(raw) ? raw : {};
  for (const key of COLOR_KEYS) {
    const value = given[key];
    if (typeof value === 'string' && COLOR.test(value)) out[key] = value;
    else if (!(key in SAME_AS)) out[key] = base[key];
  }
  return followKeys(out);
}

/** An asset reference becomes an absolute URL: https anywhere, or a relative path next to theme.json. */
function assetUrl(raw: unknown, base: string): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2048) return null;
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return null;
  }
  const baseOrigin = new URL(base).origin;
  if (url.protocol === 'https:' || url.origin === baseOrigin) return url.href;
  return null;
}

function pickAssets(raw: unknown, base: string, fallback?: Brand): Omit<Brand, 'key' | 'colors'> {
  const assets = isRecord(raw) ? raw : {};
  return {
    logo: assetUrl(assets.logo, base) ?? fallback?.logo ?? null,
    loginBackground: assetUrl(assets.loginBackground, base) ?? fallback?.loginBackground ?? null,
    favicon: assetUrl(assets.favicon, base) ?? fallback?.favicon ?? null,
  };
}

/** The brand asked for by ?brand= (remembered for the session); the default brand when absent or unknown. */
export function requestedBrand(
  location: Location = window.location,
  storage: Storage = sessionStorage,
): string | null {
  const fromQuery = new URLSearchParams(location.search).get('brand');
  if (fromQuery !== null) {
    const key = fromQuery.trim().toLowerCase();
    if (BRAND_KEY.test(key)) {
      storage.setItem(BRAND_STORAGE_KEY, key);
      return key;
    }
    storage.removeItem(BRAND_STORAGE_KEY);
    return null;
  }
  return storage.getItem(BRAND_STORAGE_KEY);
}

export function parseTheme(raw: unknown, themeJsonUrl: string, brandKey: string | null): Brand {
  if (!isRecord(raw)) throw new Error('The theme file is not a JSON object.');
  const base: Brand = {
    key: null,
    colors: pickColors(raw.colors, DEFAULT_COLORS),
    ...pickAssets(raw.assets, themeJsonUrl),
  };
  const brands = isRecord(raw.brands) ? raw.brands : {};
  const entry = brandKey !== null && Object.hasOwn(brands, brandKey) ? brands[brandKey] : undefined;
  if (!isRecord(entry)) return base;
  return {
    key: brandKey,
    colors: pickColors(entry.colors, base.colors),
    ...pickAssets(entry.assets, themeJsonUrl, base),
  };
}

/**
 * The brand to apply. Every way it can fail (no answer at all, an error status, a file that is not a theme)
 * ends in SPEC §8's one message, never the browser's own ('Failed to fetch' says nothing to a client).
 */
export async function loadTheme(themeUrl: string, tenantId: number, brandKey: string | null): Promise<Brand> {
  const url = new URL(themeFileUrl(themeUrl, tenantId), window.location.href).href;
  try {
    // Default credentials match the crossorigin="anonymous" preload in index.html, so the preload is reused.
    const response = await fetch(url);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return parseTheme(await response.json(), url, brandKey);
  } catch (cause) {
    throw new Error(`Failed to load theme file for tenant ID: ${tenantId}`, { cause });
  }
}

/** CSS custom property names: --color-primary, --color-text-color, ... */
export const cssVar = (key: ColorKey): string =>
  `--color-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

export function applyTheme(brand: Brand, root: HTMLElement = document.documentElement): void {
  for (const key of COLOR_KEYS) root.style.setProperty(cssVar(key), brand.colors[key]);
  // CSS url() values must be quoted safely; assetUrl() only returns parsed, absolute URLs.
  root.style.setProperty(
    '--login-background-image',
    brand.loginBackground ? `url(${JSON.stringify(brand.loginBackground)})` : 'none',
  );
  if (brand.favicon) {
    const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (link) link.href = brand.favicon;
  }
}
