import { createHash } from 'node:crypto';
import { themeHref } from '../site-layout.js';
import type { TenantConfig } from '../tenants/types.js';
import { EARLY_SCRIPT, type EarlyPages } from './early-data.js';
import { escapeHtml } from './render.js';
import { buildThemeFile, isRemote } from './theme-file.js';

/**
 * The first screen of a tenant's index.html. The compile renders the login screen and the neutral signed-in
 * shell once, with placeholders for the name and logo (app/src/boot/prerender.tsx); here each tenant's values
 * take their place, HTML-escaped, and its default brand's colours go on <html> under the custom properties
 * the app's applyTheme sets, so the first paint needs only index.html and the stylesheet.
 */
export interface Prerendered {
  login: { logo: string; name: string };
  /** A captcha tenant's login screen: the form, and the empty slot the widget mounts into once its script runs. */
  loginCaptcha: { logo: string; name: string };
  shell: { logo: string; name: string };
  colorVars: Record<string, string>;
  placeholders: { name: string; logo: string };
  /** The signed-in pages whose first data index.html asks for, by their modules (see ./early-data). */
  early: EarlyPages;
}

/**
 * index.html's one inline script, allowed by its hash in the CSP. First it picks which pre-rendered screen
 * this visit shows, before the body is parsed: the shell when a session is stored (the app restores it),
 * nothing on the other guest screens (their markup differs from the login screen's), the login screen
 * otherwise: every signed-out address but those ends there. Without JavaScript the attribute is never set and
 * the login screen shows. Then it starts the app's entry (fetched and compiled meanwhile: index.html
 * modulepreloads it, marked data-entry) only once the page has painted that screen: run on arrival, as a
 * module script would, the entry's evaluation would hold the first paint whenever it arrives first (from a
 * cache, on a fast network). A visit for one of the tenant's brands (?brand=, or the one this tab asked for
 * before, as the app's requestedBrand reads it) paints in that brand: its colours replace the default ones on
 * <html> and its logo the default logo, from the brands' table the bake writes above this script. Last, for
 * a signed-in page of ./early-data's table, it starts that page's chunks and first data.
 */
export const BOOT_SCRIPT =
  "(function(){var d=document.documentElement,t=null,b=null;try{t=localStorage.getItem('portal.token')||" +
  "localStorage.getItem('portal.token.backup');var q=new URLSearchParams(location.search).get('brand');" +
  "b=q===null?sessionStorage.getItem('portal.brand'):q.trim().toLowerCase()}catch(e){}" +
  "var j=document.getElementById('portal-brands'),m=j?JSON.parse(j.textContent):{};" +
  "if(b&&Object.prototype.hasOwnProperty.call(m,b)){d.setAttribute('style',m[b].style);var l=m[b].logo;" +
  "if(l)document.addEventListener('DOMContentLoaded',function(){" +
  "document.querySelectorAll('.prerendered img').forEach(function(i){i.src=l})})}" +
  "d.setAttribute('data-boot'," +
  "/^\\/(forgot-password|reset\\/|fbslogin\\/)/.test(location.pathname)?'none':t?'shell':'login');" +
  "document.addEventListener('DOMContentLoaded',function(){requestAnimationFrame(function(){" +
  "setTimeout(function(){var s=document.createElement('script');s.type='module';" +
  "s.src=document.querySelector('link[data-entry]').href;document.head.appendChild(s)})})});" +
  EARLY_SCRIPT +
  '})()';

export const BOOT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;

/** An asset of the theme as the app resolves it: an https URL as given, a file relative to theme.json. */
function assetHref(ref: string, themeJson: string): string {
  if (isRemote(ref)) return ref;
  const local = 'https://site.invalid';
  const url = new URL(ref, new URL(themeJson, `${local}/`));
  return url.origin === local ? `${url.pathname}${url.search}` : url.href;
}

export interface FirstScreen {
  /** The login screen and the shell, for #root; the CSS shows the one BOOT_SCRIPT picked. */
  markup: string;
  /** The style attribute of <html>: the colours and the login background. */
  style: string;
  /** Each brand's style attribute and logo, which BOOT_SCRIPT puts in place for a visit in that brand. */
  brands: Record<string, { style: string; logo: string | null }>;
}

export function firstScreen(prerendered: Prerendered, config: TenantConfig, themeUrl: string): FirstScreen {
  const { theme } = buildThemeFile(config);
  const themeJson = themeHref(themeUrl, config.id);
  const logo = theme.assets?.logo ? assetHref(theme.assets.logo, themeJson) : null;
  const background = theme.assets?.loginBackground
    ? assetHref(theme.assets.loginBackground, themeJson)
    : null;
  const { placeholders } = prerendered;
  const fill = (markup: string) =>
    markup
      .replaceAll(placeholders.name, escapeHtml(config.name))
      .replaceAll(placeholders.logo, escapeHtml(logo ?? ''));
  const pick = (screen: { logo: string; name: string }) => fill(logo ? screen.logo : screen.name);
  const login = pick(config.integrations?.captchaSiteKey ? prerendered.loginCaptcha : prerendered.login);
  // inert: nothing in it can be focused, typed into or submitted before the app has taken it over; hidden from
  // assistive technology (and so from role queries), which meets the app's own screen only.
  const markup =
    `<div class="prerendered prerendered-login" inert aria-hidden="true">${login}</div>` +
    `<div class="prerendered prerendered-shell" inert aria-hidden="true">${pick(prerendered.shell)}</div>`;
  const style = (colors: Record<string, string>, image: string | null) =>
    [
      ...Object.entries(colors).map(([key, value]) => `${prerendered.colorVars[key]}:${value}`),
      `--login-background-image:${image ? `url(${JSON.stringify(image)})` : 'none'}`,
    ].join(';');
  // A brand without its own images keeps the tenant's, as the app's theme reader does.
  const brands = Object.fromEntries(
    Object.entries(theme.brands ?? {}).map(([key, brand]) => [
      key,
      {
        style: style(
          brand.colors,
          brand.assets?.loginBackground ? assetHref(brand.assets.loginBackground, themeJson) : background,
        ),
        logo: brand.assets?.logo ? assetHref(brand.assets.logo, themeJson) : logo,
      },
    ]),
  );
  return { markup, style: style(theme.colors, background), brands };
}
