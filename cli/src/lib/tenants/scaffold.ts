import { readFile } from 'node:fs/promises';
import path from 'node:path';
import Mustache from 'mustache';
import { REPO_ROOT } from '../context.js';
import { defaultColors, hslToRgb, parseHex, rgbToHsl, toHex } from './colors.js';
import { contrastRatio, MIN_CONTRAST } from './contrast.js';
import { SCHEMA_FILE } from './schema.js';

/** What `portal init` writes for a new tenant: tenant.json from templates/, and a placeholder logo. */

export interface ScaffoldValues {
  id: number;
  name: string;
  domain: string;
  apiUrl: string;
  primary: string;
  /** The mails' footer lines; empty or absent: no `mail` block (init says how to add one). */
  address?: string;
  contact?: string;
}

const TEMPLATE_FILE = path.join(REPO_ROOT, 'templates/tenant.json.mustache');

const WHITE = '#ffffff';
const BLACK = '#000000';

/**
 * The lightest shade of the hue (h, s), starting at lightness `from` and going darker, that reads (4.5:1) on
 * every colour of `on`; black when none does.
 */
function shadeReadingOn(h: number, s: number, from: number, on: string[]): string {
  for (let l = from; l > 0; l -= 0.005) {
    const shade = toHex(hslToRgb([h, s, l]));
    if (on.every((bg) => contrastRatio(shade, bg) >= MIN_CONTRAST)) return shade;
  }
  return BLACK;
}

/**
 * The colours derived from the one primary colour asked for, chosen so the new tenant passes the contrast
 * check even with --strict (every pair of CONTRAST_PAIRS): inverse text is white unless the primary is too light
 * for it, then a deep shade of the primary; the hover shade moves away from that text; primary buttons take the
 * primary, darkened until the white button text reads on it; and where the primary does not read as text on the
 * background (nor then on the whiter cards), links and the brand-coloured titles take a darker shade of it.
 */
function derivedColors(primary: string): {
  hoverColor: string;
  textInverseColor: string;
  buttonPrimaryColor: string;
  linkColor?: string;
  primaryTextColor?: string;
} {
  const whiteOk = contrastRatio(WHITE, primary) >= MIN_CONTRAST;
  const [h, s, l] = rgbToHsl(parseHex(primary));
  const hoverColor = toHex(hslToRgb([h, s, whiteOk ? Math.max(0, l - 0.08) : Math.min(1, l + 0.08)]));
  // Not black, which reads as a mistake on a brand colour: a deep shade of the primary's own hue.
  const textInverseColor = whiteOk ? WHITE : shadeReadingOn(h, s, 0.16, [primary, hoverColor]);
  // The default button text is white: a light primary gets the nearest darker shade that white reads on.
  const buttonPrimaryColor = whiteOk ? primary : shadeReadingOn(h, s, l, [WHITE]);
  // The default background is darker than the white cards, so a shade that reads on it reads on them too.
  const { background } = defaultColors();
  const asText =
    contrastRatio(primary, background) >= MIN_CONTRAST ? undefined : shadeReadingOn(h, s, l, [background]);
  return {
    hoverColor,
    textInverseColor,
    buttonPrimaryColor,
    ...(asText && { linkColor: asText, primaryTextColor: asText }),
  };
}

/**
 * Renders tenant.json. Every value is written through JSON.stringify (mustache's escape is replaced for this
 * render only), so no name or URL can break out of its string, add a key or produce invalid JSON; the template
 * itself writes nothing unescaped.
 */
export async function renderTenantJson(values: ScaffoldValues, tenantDir: string): Promise<string> {
  const template = await readFile(TEMPLATE_FILE, 'utf8');
  const schemaPath = path.relative(tenantDir, SCHEMA_FILE).split(path.sep).join('/');
  const mail =
    values.address || values.contact
      ? { address: values.address || undefined, contact: values.contact || undefined }
      : undefined;
  const view = { ...values, ...derivedColors(values.primary), schemaPath, mail };
  // The mail block is an object, written whole and indented as the file's second level.
  const escape = (value: unknown) =>
    typeof value === 'object' ? JSON.stringify(value, null, 2).replace(/\n/g, '\n  ') : JSON.stringify(value);
  return Mustache.render(template, view, {}, { escape });
}

const xml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * A plain wordmark (the name on a primary-coloured badge) so a new tenant looks like something. The badge
 * carries its own background, so it reads on the light navbar and on the primary-coloured login page alike.
 */
export function placeholderLogo(name: string, primary: string): string {
  const { textInverseColor } = derivedColors(primary);
  const label = xml(name.trim().slice(0, 40));
  const width = 40 + Math.min(40, name.trim().length) * 13;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="56" viewBox="0 0 ${width} 56" role="img" aria-label="${label}">`,
    `  <rect width="${width}" height="56" rx="12" fill="${primary}"/>`,
    `  <text x="20" y="36" font-family="Oswald, Arial, sans-serif" font-size="22" font-weight="600" fill="${textInverseColor}">${label}</text>`,
    '</svg>',
    '',
  ].join('\n');
}
