import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPortal, testConfig } from '@/testing/portal';
import { prerender } from './prerender';

/**
 * Markup as the browser reads it (attribute names lower-cased), its attributes in one order (React's server
 * and client write them in different orders, which the page never sees) and React's generated ids made equal.
 */
function parsed(html: string): string {
  const holder = document.createElement('div');
  holder.innerHTML = html;
  for (const element of holder.querySelectorAll('*')) {
    const attributes = [...element.attributes].map(({ name, value }) => [name, value] as const).sort();
    for (const [name] of attributes) element.removeAttribute(name);
    for (const [name, value] of attributes) element.setAttribute(name, value);
  }
  return holder.innerHTML.replace(/_r_[a-z0-9]+_/gi, 'id');
}

describe("index.html's first screen, pre-rendered at compile", () => {
  it('is the login screen the app first draws: replacing it changes nothing on screen', async () => {
    const first = prerender();
    const view = renderPortal('/login', { ...testConfig, name: first.placeholders.name });
    await screen.findByRole('heading', { name: 'Sign in' });
    const drawn = view.container.querySelector('.login-screen')!.outerHTML;
    expect(parsed(first.login.name)).toBe(parsed(drawn));
  });

  it("is a captcha tenant's login form too, with the widget's slot kept empty for it to mount into", async () => {
    // A widget that draws nothing: what is compared is the form the app draws with the slot still empty.
    window.grecaptcha = { render: () => 0, reset: () => undefined };
    const first = prerender();
    const captcha = { ...testConfig.integrations, captchaSiteKey: 'site-key-1' };
    const view = renderPortal('/login', {
      ...testConfig,
      name: first.placeholders.name,
      integrations: captcha,
    });
    await screen.findByRole('heading', { name: 'Sign in' });
    const drawn = view.container.querySelector('.login-screen')!.outerHTML;
    expect(parsed(first.loginCaptcha.name)).toBe(parsed(drawn));
    expect(first.loginCaptcha.logo).toContain('<div class="captcha"><div class="captcha-slot"></div></div>');
    expect(first.login.logo).not.toContain('captcha');
    // The key is the widget's to read when it mounts: it is not part of the markup.
    expect(first.loginCaptcha.logo).not.toContain('portal-prerender-captcha');
    delete window.grecaptcha;
  });

  it("holds the logo, the tenant's name and the neutral shell as placeholders the bake fills", () => {
    const { login, shell, placeholders, colorVars } = prerender();
    expect(login.logo).toContain(
      `<img class="login-logo" src="${placeholders.logo}" alt="${placeholders.name}"/>`,
    );
    expect(login.name).toContain(`<p class="login-brand">${placeholders.name}</p>`);
    expect(shell.logo).toContain(`src="${placeholders.logo}"`);
    expect(shell.name).toContain(`<span>${placeholders.name}</span>`);
    // Nothing of a user or a role: the same shell stands for the client's tree and the coach's.
    for (const markup of [shell.logo, shell.name]) {
      expect(markup).toContain('Loading page....');
      expect(markup).not.toMatch(/<a |<nav|menu-item/);
    }
    expect(colorVars.primary).toBe('--color-primary');
    expect(colorVars.textColor).toBe('--color-text-color');
  });
});
