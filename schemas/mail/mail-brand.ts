// A tenant's brand as its mail shows it, from its tenant.json: the name, the logo as an absolute https address
// (a mail is read far from the portal, so a path would not load), the colours with the theme's defaults filled,
// the footer's address and contact, and the sender. Shared by the API (sending), `portal validate` (contrast of
// the mail's button) and `portal mail preview`.
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

function logoUrl(config: MailConfig): string {
  const logo = config.theme?.assets?.logo;
  const home = `https://${config.domain}`;
  if (!logo) return `${home}/favicon.svg`;
  if (logo.startsWith('https://')) return logo;
  const base = (config.themeUrl ?? TENANT_DEFAULTS.themeUrl).replace(/\/+$/, '');
  const themes = base.startsWith('https://') ? base : `${home}${base === '/' ? '' : base}`;
  return `${themes}/${config.id}/${logo}`;
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
