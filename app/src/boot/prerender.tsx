/**
 * The first screen as static markup, made once per compile (`portal build` runs this module in Node through a
 * Vite SSR build) so that a tenant's index.html paints before any JavaScript arrives: the login screen and a
 * neutral signed-in shell that every role's tree fits (logo, coloured bars, no menu items, 'Loading page....').
 * The compile is the same for every tenant, so the tenant's name and logo are placeholders here; the bake puts
 * each tenant's values in their place, escaped, and its colours on <html> through the same custom properties
 * applyTheme sets. The app then replaces this markup in its first commit, drawn from the same components.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { PageLoading } from '@/components/page-loading';
import { paths } from '@/config/paths';
import LoginPage from '@/features/auth/components/login-page';
import type { ColorKey } from '@/lib/portal-config';
import { PortalContext } from '@/lib/portal-context';
import { readConfig } from './config';
import { earlyPages, type EarlyPages } from './early-pages';
import { COLOR_KEYS, DEFAULT_COLORS, cssVar } from './theme';

/** Stand-ins the bake replaces; made of characters that React's escaping leaves as they are. */
const NAME_PLACEHOLDER = 'portal-prerender-tenant-name';
const LOGO_PLACEHOLDER = 'https://portal-prerender.invalid/logo';

/** The neutral shell: the real shell's frame and classes, without anything that depends on the user or role. */
function ShellFrame({ logo }: { logo: boolean }) {
  return (
    <div className="shell" data-menu="expanded">
      <header className="navbar">
        <span className="navbar-brand">
          {logo ? <img src={LOGO_PLACEHOLDER} alt={NAME_PLACEHOLDER} /> : <span>{NAME_PLACEHOLDER}</span>}
        </span>
      </header>
      <div className="topbar" />
      <div className="shell-body">
        <div className="side-menu" />
        <main className="shell-main">
          <PageLoading />
        </main>
      </div>
    </div>
  );
}

/**
 * A site key for the captcha variant: the key itself never reaches the markup (the widget's script reads it when
 * it mounts), only the empty slot the widget fills does.
 */
const CAPTCHA_SITE_KEY = 'portal-prerender-captcha';

function portalFor(logo: boolean, captcha: boolean) {
  // The login screen reads only the name, the captcha key and the brand's logo: the rest is what the config
  // reader falls back to, read from a page that holds only these values (there is no document in Node).
  const integrations = captcha ? { captchaSiteKey: CAPTCHA_SITE_KEY } : {};
  const baked = { textContent: JSON.stringify({ tenantId: 1, name: NAME_PLACEHOLDER, integrations }) };
  const config = readConfig({ getElementById: () => baked });
  const brand = {
    key: null,
    colors: DEFAULT_COLORS,
    logo: logo ? LOGO_PLACEHOLDER : null,
    loginBackground: null,
    favicon: null,
  };
  return { config, brand };
}

function render(logo: boolean, screen: 'login' | 'shell', captcha = false): string {
  return renderToStaticMarkup(
    <PortalContext.Provider value={portalFor(logo, captcha)}>
      <MemoryRouter initialEntries={[paths.login]}>
        {screen === 'login' ? <LoginPage /> : <ShellFrame logo={logo} />}
      </MemoryRouter>
    </PortalContext.Provider>,
  );
}

interface Prerendered {
  /** Each screen with the tenant's logo, and with its name in the logo's place for a tenant without one. */
  login: { logo: string; name: string };
  /** The login screen of a tenant with a captcha: the form with the widget's empty slot, which it mounts into. */
  loginCaptcha: { logo: string; name: string };
  shell: { logo: string; name: string };
  /** The custom property of each colour key, as applyTheme names it. */
  colorVars: Record<ColorKey, string>;
  /** What the bake replaces with the tenant's name (as text) and logo (a URL). */
  placeholders: { name: string; logo: string };
  /** The signed-in pages whose first data index.html asks for itself. */
  early: EarlyPages;
}

export function prerender(): Prerendered {
  return {
    login: { logo: render(true, 'login'), name: render(false, 'login') },
    loginCaptcha: { logo: render(true, 'login', true), name: render(false, 'login', true) },
    shell: { logo: render(true, 'shell'), name: render(false, 'shell') },
    colorVars: Object.fromEntries(COLOR_KEYS.map((key) => [key, cssVar(key)])) as Record<ColorKey, string>,
    placeholders: { name: NAME_PLACEHOLDER, logo: LOGO_PLACEHOLDER },
    early: earlyPages(),
  };
}
