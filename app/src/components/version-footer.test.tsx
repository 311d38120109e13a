import { cleanup, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PortalConfig } from '@/lib/portal-config';
import { PortalContext } from '@/lib/portal-context';
import { testBrand, testConfig } from '@/testing/portal';
import { VersionFooter } from './version-footer';

function renderFooter(footer: PortalConfig['footer']) {
  render(
    <PortalContext.Provider value={{ config: { ...testConfig, footer }, brand: testBrand }}>
      <VersionFooter />
    </PortalContext.Provider>,
  );
  return screen.getByRole('contentinfo');
}

const spec = `© ${new Date().getFullYear()} Test Portal · version: 7.2.2`;

describe("the footer's tenant fields (tenant.json's footer)", () => {
  it("shows SPEC's footer alone when the tenant sets none", () => {
    expect(renderFooter({})).toHaveTextContent(new RegExp(`^${spec.replace(/[.]/g, '\\.')}$`));
  });

  it('names each field it sets after the version, an email address as a mail link', () => {
    const footer = renderFooter({ supportEmail: 'help@acme.test' });
    expect(footer).toHaveTextContent(`${spec} · Support: help@acme.test`);
    expect(screen.getByRole('link', { name: 'help@acme.test' })).toHaveAttribute(
      'href',
      'mailto:help@acme.test',
    );
  });

  it('shows an https address as a link, and any other value as plain text', () => {
    renderFooter({ supportEmail: 'https://help.acme.test/portal' } as PortalConfig['footer']);
    expect(screen.getByRole('link', { name: 'https://help.acme.test/portal' })).toHaveAttribute(
      'href',
      'https://help.acme.test/portal',
    );
    cleanup();
    renderFooter({ supportEmail: 'javascript:alert(1)' } as PortalConfig['footer']);
    expect(screen.queryByRole('link')).toBeNull();
  });
});
