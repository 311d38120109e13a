import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../context.js';
import type { ColorKey, Colors, TenantConfig } from './types.js';

/**
 * Colour values and the resolved colour set of a tenant or brand. Each colour key, its rule and its default live
 * in contracts/theme.schema.json only ($defs/colors, which tenant.schema.json refers to, and the app reads too), so
 * they are read from there, never copied here.
 */

export const COLOR_PATTERN = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/** A colour key's entry in the schema: a fixed default, or the key whose colour in force it takes. */
type ColorRule = { default?: string; 'x-sameAs'?: ColorKey };

interface ThemeSchema {
  $defs: { colors: { properties: Record<ColorKey, ColorRule> } };
}

interface ThemeDefaults {
  /** Fixed defaults. */
  colors: Partial<Colors>;
  /** Keys without a fixed default: left out, each takes the colour in force for the key it names. */
  sameAs: Partial<Record<ColorKey, ColorKey>>;
}

let schema: ThemeSchema | null = null;
let defaults: ThemeDefaults | null = null;

/** contracts/theme.schema.json, read once per process. */
export function themeSchema(): ThemeSchema {
  schema ??= JSON.parse(
    readFileSync(path.join(REPO_ROOT, 'contracts/theme.schema.json'), 'utf8'),
  ) as ThemeSchema;
  return schema;
}

/** Each key's `default`, or its `x-sameAs` when it follows another key instead, in the schema's order. */
function themeDefaults(): ThemeDefaults {
  if (defaults) return defaults;
  defaults = { colors: {}, sameAs: {} };
  for (const [key, rule] of Object.entries(themeSchema().$defs.colors.properties) as [
    ColorKey,
    ColorRule,
  ][]) {
    if (rule.default !== undefined) defaults.colors[key] = rule.default;
    else if (rule['x-sameAs'] !== undefined) defaults.sameAs[key] = rule['x-sameAs'];
  }
  return defaults;
}

/** The key a colour follows when nobody sets it (linkColor follows primary), or undefined. */
export function followedKey(key: ColorKey): ColorKey | undefined {
  return themeDefaults().sameAs[key];
}

/** The chosen colours over the fixed defaults, then every sameAs key still missing from its own key. */
function fill(chosen: Partial<Colors>): Colors {
  const { colors, sameAs } = themeDefaults();
  const out: Partial<Colors> = { ...colors, ...chosen };
  for (const [key, source] of Object.entries(sameAs) as [ColorKey, ColorKey][]) out[key] ??= out[source];
  return out as Colors;
}

export function defaultColors(): Colors {
  return fill({});
}

export const COLOR_KEYS = Object.keys(defaultColors()) as ColorKey[];

/** Colours in force for the tenant theme (no brandKey) or one brand: brand over theme over defaults. */
export function resolveColors(config: TenantConfig, brandKey?: string): Colors {
  const brand =
    brandKey !== undefined && config.brands && Object.hasOwn(config.brands, brandKey)
      ? config.brands[brandKey]
      : undefined;
  return fill({ ...config.theme?.colors, ...brand?.colors });
}

export type Rgb = [number, number, number];

export function parseHex(hex: string): Rgb {
  if (!COLOR_PATTERN.test(hex)) throw new TypeError(`not a colour: ${hex}`);
  const digits = hex.length === 4 ? [...hex.slice(1)].map((d) => d + d).join('') : hex.slice(1);
  return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as Rgb;
}

export function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b]
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** RGB (0..255) to hue (0..360), saturation and lightness (0..1). */
export function rgbToHsl([r, g, b]: Rgb): [number, number, number] {
  const [rn, gn, bn] = [r / 255, g / 255, b / 255];
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h =
    max === rn ? (gn - bn) / d + (gn < bn ? 6 : 0) : max === gn ? (bn - rn) / d + 2 : (rn - gn) / d + 4;
  return [h * 60, s, l];
}

export function hslToRgb([h, s, l]: [number, number, number]): Rgb {
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    return 255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1)));
  };
  return [channel(0), channel(8), channel(4)];
}
