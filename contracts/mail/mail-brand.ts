// A tenant's brand as its mail shows it, from its tenant.json: the name, the logo as an absolute https address
// (a mail is read far from the portal, so a path would not load) of an image mail clients show (never an SVG),
// the colours with the theme's defaults filled, the footer's address and contact, and the sender. Shared by the
// API (sending), `portal validate` (contrast of the mail's button), `portal mail preview` and the bake (which
// makes the mail's PNG logo).
import THEME_SCHEMA from '../theme.schema.json' with { type: 'json' };
import TENANT_DEFAULTS from '../tenant-defaults.json' with { type: 'json' };
import type { TenantConfig } from '../tenant.js';

export interface MailBrand {
  name: string;
  logoUrl: string;
  homeUrl: string;
  lang: string;
  address: string;
  contact: string;
  background: string;
  textColor: string;
  primary: string;
  inverseText: string;
  buttonColor: string;
  buttonText: string;
  linkColor: string;
}

export interface MailSender {
  name: string;
  address: string;
  /** The domain the sender's address is on: Message-IDs and the DKIM signature use it. */
  domain: string;
}

type ColorKey = keyof typeof THEME_SCHEMA.$defs.colors.properties;

const themeDefault = (key: ColorKey): string | undefined =>
  (THEME_SCHEMA.$defs.colors.properties[key] as { default?: string }).default;

type MailConfig = Pick<TenantConfig, 'id' | 'name' | 'domain' | 'theme' | 'themeUrl' | 'mail'>;

/** The PNG `portal build` makes for mail beside theme.json (themes/<id>/), when the mail's image is an SVG. */
export const MAIL_LOGO_FILE = 'mail-logo.png';

/**
 * The image a mail shows and where it comes from: the logo, else the tenant's favicon, else the default favicon
 * the bake draws in the tenant's colours. Gmail and Outlook show no SVG image, so an SVG (the default favicon
 * too) is rasterised by the build to MAIL_LOGO_FILE (`svg`: the tenant file to rasterise, null for the default
 * favicon); a PNG, JPEG or WebP file is shown as it is, and an https address as written.
 */
export type MailLogo = { url: string } | { file: string } | { svg: string | null };

export function mailLogo(config: Pick<TenantConfig, 'theme'>): MailLogo {
  const image = config.theme?.assets?.logo ?? config.theme?.assets?.favicon;
  if (image?.startsWith('https://')) return { url: image };
  if (image && !/\.svg$/i.test(image)) return { file: image };
  return { svg: image ?? null };
}

function logoUrl(config: MailConfig): string {
  const logo = mailLogo(config);
  if ('url' in logo) return logo.url;
  const home = `https://${config.domain}`;
  const base = (config.themeUrl ?? TENANT_DEFAULTS.themeUrl).replace(/\/+$/, '');
  const themes = base.startsWith('https://') ? base : `${home}${base === '/' ? '' : base}`;
  return `${themes}/${config.id}/${'file' in logo ? logo.file : MAIL_LOGO_FILE}`;
}

export function mailBrand(config: MailConfig): MailBrand {
  const colors = config.theme?.colors ?? {};
  const color = (key: ColorKey, fallback?: string) =>
    colors[key] ?? themeDefault(key) ?? fallback ?? '#000000';
  const primary = color('primary');
  return {
    name: config.name,
    logoUrl: logoUrl(config),
    homeUrl: `https://${config.domain}/`,
    lang: config.mail?.lang ?? 'en',
    address: config.mail?.address ?? '',
    contact: config.mail?.contact ?? '',
    background: color('background'),
    textColor: color('textColor'),
    primary,
    inverseText: color('textInverseColor'),
    buttonColor: color('buttonPrimaryColor'),
    buttonText: color('buttonTextColor'),
    linkColor: color('linkColor', primary),
  };
}

export function mailSender(config: MailConfig): MailSender {
  const address = config.mail?.senderAddress ?? `no-reply@${config.domain}`;
  return {
    name: config.mail?.senderName ?? config.name,
    address,
    domain: address.slice(address.lastIndexOf('@') + 1),
  };
}
