import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadTemplates, renderIndex } from '../../src/lib/bake/bake.js';
import { BOOT_SCRIPT, BOOT_SCRIPT_HASH, type Prerendered } from '../../src/lib/bake/prerender.js';
import { REPO_ROOT } from '../../src/lib/context.js';
import type { TenantConfig } from '../../src/lib/tenants/types.js';

// The compile's pre-render as the app makes it (app/src/boot/prerender.tsx), cut down to what the bake fills.
const NAME = 'portal-prerender-tenant-name';
const LOGO = 'https://portal-prerender.invalid/logo';
const prerendered: Prerendered = {
  login: {
    logo: `<main class="login-card"><img class="login-logo" src="${LOGO}" alt="${NAME}"/><h1>Sign in</h1></main>`,
    name: `<main class="login-card"><p class="login-brand">${NAME}</p><h1>Sign in</h1></main>`,
  },
  loginCaptcha: {
    logo: `<main class="login-card"><img class="login-logo" src="${LOGO}" alt="${NAME}"/><div class="captcha"><div class="captcha-slot"></div></div></main>`,
    name: `<main class="login-card"><p class="login-brand">${NAME}</p><div class="captcha"><div class="captcha-slot"></div></div></main>`,
  },
  shell: {
    logo: `<header class="navbar"><img src="${LOGO}" alt="${NAME}"/></header>`,
    name: `<header class="navbar"><span>${NAME}</span></header>`,
  },
  colorVars: { primary: '--color-primary', loginBackground: '--color-login-background' },
  placeholders: { name: NAME, logo: LOGO },
  early: {
    storage: { token: 't', backupToken: 'b', user: 'u', activity: 'a', idleMs: 1000 },
    cipher: { plain: 'AB', key: 'BA' },
    userMark: '"$user.id"',
    fonts: [],
    meta: '/meta.json',
    pages: {},
  },
};

const app = { entry: '/assets/main.js', styles: ['/assets/style.css'], modulePreloads: [], prerendered };
const base: TenantConfig = {
  id: 7,
  name: 'Acme Coaching',
  domain: 't.example.com',
  apiUrl: '/',
  theme: { colors: { primary: '#9a3412', loginBackground: '#431407' }, assets: { logo: 'img/logo.svg' } },
};

async function page(config: TenantConfig): Promise<string> {
  return renderIndex({ templates: await loadTemplates(REPO_ROOT), config, version: '1.2.3', app });
}

const root = (html: string) => /<div id="root">([\s\S]*)<\/div>\s*<\/body>/.exec(html)?.[1] ?? '';

describe("index.html's pre-rendered first screen", () => {
  it("fills in the tenant's name, logo and colours", async () => {
    const html = await page(base);
    const markup = root(html);
    expect(markup).toContain('<img class="login-logo" src="/themes/7/img/logo.svg" alt="Acme Coaching"/>');
    expect(markup).toContain(
      '<header class="navbar"><img src="/themes/7/img/logo.svg" alt="Acme Coaching"/>',
    );
    expect(markup).not.toContain(NAME);
    expect(markup).not.toContain(LOGO);
    // The colours under the custom properties applyTheme sets, on <html>, before the stylesheet's defaults.
    expect(html).toMatch(/<html lang="en" style="[^"]*--color-primary:#9a3412;[^"]*">/);
    expect(html).toContain('--color-login-background:#431407');
    // Nothing in it can be used before the app takes it over.
    expect(markup).toMatch(/^<div class="prerendered prerendered-login" inert aria-hidden="true">/);
    expect(markup).toContain('<div class="prerendered prerendered-shell" inert aria-hidden="true">');
  });

  it('shows the name where a tenant has no logo, and keeps an https logo as it is', async () => {
    const { assets: _, ...colorsOnly } = base.theme!;
    expect(root(await page({ ...base, theme: colorsOnly }))).toContain(
      '<p class="login-brand">Acme Coaching</p>',
    );
    const remote = { ...base, theme: { ...base.theme, assets: { logo: 'https://cdn.example.com/l.png' } } };
    expect(root(await page(remote))).toContain('src="https://cdn.example.com/l.png"');
    const elsewhere = { ...base, themeUrl: 'https://themes.example.com/t' };
    expect(root(await page(elsewhere))).toContain('src="https://themes.example.com/t/7/img/logo.svg"');
  });

  it('keeps a hostile tenant name text: it cannot open markup or leave an attribute', async () => {
    const name = '<script>alert(1)</script>" onerror="alert(2)';
    const withLogo = root(await page({ ...base, name }));
    const withName = root(await page({ ...base, name, theme: { colors: {} } }));
    for (const markup of [withLogo, withName]) {
      expect(markup).not.toContain('<script>');
      expect(markup).not.toContain('" onerror');
      expect(markup).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&quot; onerror&#61;&quot;alert(2)');
    }
  });

  it("pre-renders a captcha tenant's login form with the empty slot its widget mounts into", async () => {
    const markup = root(await page({ ...base, integrations: { captchaSiteKey: 'abcdefghijkl' } }));
    expect(markup).toContain(
      '<div class="prerendered prerendered-login" inert aria-hidden="true"><main class="login-card">' +
        '<img class="login-logo" src="/themes/7/img/logo.svg" alt="Acme Coaching"/>' +
        '<div class="captcha"><div class="captcha-slot"></div></div></main></div>',
    );
    expect(markup).toContain('<header class="navbar">');
    // A tenant without one gets the form without the slot.
    expect(root(await page(base))).not.toContain('captcha');
  });

  it("gives each brand's colours and logo to the boot script, which paints a ?brand= visit in that brand", async () => {
    const branded: TenantConfig = {
      ...base,
      brands: {
        night: { colors: { primary: '#0f172a' }, assets: { logo: 'img/night.svg' } },
        plain: { colors: { loginBackground: '#020617' } },
      },
    };
    const html = await page(branded);
    const table = /<script type="application\/json" id="portal-brands">(.*?)<\/script>/.exec(html);
    const brands = JSON.parse(table![1]!);
    expect(brands.night.logo).toBe('/themes/7/img/night.svg');
    expect(brands.night.style).toContain('--color-primary:#0f172a');
    expect(brands.night.style).toContain('--color-login-background:#431407');
    // A brand without its own logo keeps the tenant's.
    expect(brands.plain.logo).toBe('/themes/7/img/logo.svg');
    expect(brands.plain.style).toContain('--color-primary:#9a3412');
    expect(brands.plain.style).toContain('--color-login-background:#020617');
    // Read by the boot script, so above it; a tenant without brands has no table.
    expect(html.indexOf('id="portal-brands"')).toBeLessThan(html.indexOf(`<script>${BOOT_SCRIPT}`));
    expect(await page(base)).not.toContain('id="portal-brands"');
  });

  it('runs only the inline script the CSP allows by its hash', async () => {
    const html = await page(base);
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    expect(inline).toEqual([BOOT_SCRIPT]);
    // It starts the app: the entry is fetched ahead as a module preload, never run by a tag of its own.
    expect(html).toContain('<link rel="modulepreload" href="/assets/main.js" data-entry />');
    expect(html).not.toContain('<script type="module"');
    const digest = createHash('sha256').update(inline[0]!).digest('base64');
    expect(BOOT_SCRIPT_HASH).toBe(`'sha256-${digest}'`);
    expect(html).toContain(`script-src &#39;self&#39; &#39;sha256-${digest.replaceAll('=', '&#61;')}&#39;`);
  });

  it('has no first screen under npm run dev (no compile), and no colours on <html>', async () => {
    const html = renderIndex({
      templates: await loadTemplates(REPO_ROOT),
      config: base,
      version: '1.2.3',
      app: { entry: '/src/main.tsx', styles: [], modulePreloads: [] },
    });
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<div id="root"></div>');
  });
});
