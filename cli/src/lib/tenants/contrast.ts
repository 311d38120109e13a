import { followedKey, hslToRgb, parseHex, resolveColors, rgbToHsl, toHex, type Rgb } from './colors.js';
import type { ProblemSink } from './problem.js';
import type { ColorKey, Colors, TenantConfig } from './types.js';

/** WCAG 2.2 AA for normal text. */
export const MIN_CONTRAST = 4.5;

/**
 * The white of every card, the login card among them (.card and .login-card in app/src/styles/base.css), and of
 * the navbar and side menu: fixed by the app, not a theme colour, so only the colour on it can be changed.
 */
export const WHITE_CARD = { name: 'the white card', color: '#ffffff' } as const;

/**
 * Every foreground/background pair of theme colours the portal draws: the one list the validator checks.
 * cli/test/contrast-pairs.test.ts derives the pairs from the app's stylesheets and fails when this list and
 * theirs differ, so a new pairing in a stylesheet is added here. Text that sets no background of its own sits
 * on the page background and on the white cards, hence the two entries of textColor, linkColor and
 * primaryTextColor.
 */
export const CONTRAST_PAIRS: readonly { foreground: ColorKey; background: ColorKey | typeof WHITE_CARD }[] = [
  { foreground: 'textColor', background: 'background' },
  { foreground: 'textColor', background: WHITE_CARD },
  { foreground: 'buttonTextColor', background: 'buttonDefaultColor' },
  { foreground: 'buttonTextColor', background: 'buttonPrimaryColor' },
  { foreground: 'buttonTextColor', background: 'buttonSecondaryColor' },
  { foreground: 'textInverseColor', background: 'primary' },
  { foreground: 'textInverseColor', background: 'hoverColor' },
  { foreground: 'textInverseColor', background: 'loginBackground' },
  { foreground: 'linkColor', background: 'background' },
  { foreground: 'linkColor', background: WHITE_CARD },
  { foreground: 'primaryTextColor', background: 'background' },
  { foreground: 'primaryTextColor', background: WHITE_CARD },
];

function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function ratioOf(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** WCAG contrast ratio of two #rgb / #rrggbb colours, 1..21. */
export function contrastRatio(a: string, b: string): number {
  return ratioOf(parseHex(a), parseHex(b));
}

/** Two decimals; a failing ratio is never shown as a passing "4.50". */
export function formatRatio(ratio: number): string {
  const rounded = Math.round(ratio * 100) / 100;
  return (ratio < MIN_CONTRAST && rounded >= MIN_CONTRAST ? Math.floor(ratio * 100) / 100 : rounded).toFixed(
    2,
  );
}

/**
 * The colour nearest to `adjust` (same hue and saturation, lightness moved as little as possible) that reaches
 * the minimum against `fixed`, or null when none does. It moves away from `fixed` only (a light background gets
 * lighter): crossing over to the other side would be a different design, not a fix. Luminance grows with HSL
 * lightness, so this is a binary search; the hex rounding is then nudged until the result really passes.
 */
export function nearestPassing(adjust: string, fixed: string): { color: string; ratio: number } | null {
  const start = parseHex(adjust);
  const [h, s, l] = rgbToHsl(start);
  const against = parseHex(fixed);
  const target = luminance(start) >= luminance(against) ? 1 : 0;
  const passes = (light: number) => ratioOf(hslToRgb([h, s, light]), against) >= MIN_CONTRAST;
  if (!passes(target)) return null;
  let [bad, good] = [l, target];
  for (let i = 0; i < 30; i += 1) {
    const mid = (bad + good) / 2;
    if (passes(mid)) good = mid;
    else bad = mid;
  }
  let color = toHex(hslToRgb([h, s, good]));
  while (contrastRatio(color, fixed) < MIN_CONTRAST && good !== target) {
    good = target === 0 ? Math.max(0, good - 0.002) : Math.min(1, good + 0.002);
    color = toHex(hslToRgb([h, s, good]));
  }
  return { color, ratio: contrastRatio(color, fixed) };
}

/** Where a colour of a brand comes from, for the problem's pointer: the brand, the theme, or the defaults. */
function sourcePointer(config: TenantConfig, brandKey: string | undefined, key: ColorKey): string | null {
  if (brandKey !== undefined && config.brands?.[brandKey]?.colors?.[key] !== undefined) {
    return `/brands/${brandKey}/colors/${key}`;
  }
  if (config.theme?.colors?.[key] !== undefined) return `/theme/colors/${key}`;
  // A colour nobody set that follows another (links follow primary) comes from wherever that one was set.
  const followed = followedKey(key);
  return followed ? sourcePointer(config, brandKey, followed) : null;
}

function checkColors(
  config: TenantConfig,
  brandKey: string | undefined,
  colors: Colors,
  sink: ProblemSink,
): void {
  // The brand decides a colour when it sets it, or sets the colour it follows (see sourcePointer).
  const own = (key: ColorKey) => sourcePointer(config, brandKey, key)?.startsWith('/brands/') === true;
  for (const { foreground, background } of CONTRAST_PAIRS) {
    const themed = typeof background === 'string';
    // A brand that changes neither colour of a pair inherits the theme's result, already reported once.
    if (brandKey !== undefined && !own(foreground) && !(themed && own(background))) continue;
    const [fg, bg] = [colors[foreground], themed ? colors[background] : background.color];
    const ratio = contrastRatio(fg, bg);
    if (ratio >= MIN_CONTRAST) continue;
    const where = brandKey === undefined ? '' : ` in brand "${brandKey}"`;
    const fixFg = nearestPassing(fg, bg);
    const fixBg = themed ? nearestPassing(bg, fg) : null;
    const options = [
      fixFg && `${foreground} "${fixFg.color}" (${formatRatio(fixFg.ratio)}:1)`,
      fixBg && `${String(background)} "${fixBg.color}" (${formatRatio(fixBg.ratio)}:1)`,
    ].filter(Boolean);
    // Point at the colour the tenant chose (foreground first); a pair made only of defaults points at the
    // colours object where an override would go.
    const pointer =
      sourcePointer(config, brandKey, foreground) ??
      (themed ? sourcePointer(config, brandKey, background) : null) ??
      (brandKey === undefined ? '/theme/colors' : `/brands/${brandKey}/colors`);
    sink.add({
      pointer,
      keyword: 'contrast',
      severity: 'warning',
      message:
        `${foreground} ${fg} on ${themed ? background : background.name} ${bg}${where} has a contrast of ` +
        `${formatRatio(ratio)}:1, below ${MIN_CONTRAST}:1 (WCAG AA)`,
      suggestion: options.length > 0 ? `nearest passing colour: ${options.join(' or ')}` : null,
    });
  }
}

/** Checks every rendered pair for the tenant theme and for each brand. */
export function checkContrast(config: TenantConfig, sink: ProblemSink): void {
  checkColors(config, undefined, resolveColors(config), sink);
  for (const brandKey of Object.keys(config.brands ?? {})) {
    checkColors(config, brandKey, resolveColors(config, brandKey), sink);
  }
}
