// The mails' logo: Gmail and Outlook show no SVG image, so a mail names a PNG the build draws of an SVG logo (or
// favicon, or the default favicon) beside theme.json; a tenant whose logo is a PNG keeps its PNG. The drawing
// loads the portal's own fonts (never the machine's), so a logo's text is drawn.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAIL_LOGO_FILE, mailBrand, mailLogo } from '../../contracts/mail/mail-brand.js';
import { mailLogoPng } from '../src/lib/bake/mail-logo.js';
import { woffToSfnt } from '../src/lib/bake/woff.js';
import { REPO } from './helpers.js';

const config = (assets?: Record<string, string>) => ({
  id: 42,
  name: 'Nordlys',
  domain: 'portal.nordlys.test',
  apiUrl: '/',
  ...(assets && { theme: { assets } }),
});

describe("the mails' logo", () => {
  it('is the PNG the build draws for an SVG logo, favicon or the default favicon; a PNG logo is its own', () => {
    const themes = 'https://portal.nordlys.test/themes/42';
    expect(mailBrand(config({ logo: 'logo.svg' })).logoUrl).toBe(`${themes}/${MAIL_LOGO_FILE}`);
    expect(mailBrand(config({ favicon: 'icon.SVG' })).logoUrl).toBe(`${themes}/${MAIL_LOGO_FILE}`);
    expect(mailBrand(config()).logoUrl).toBe(`${themes}/${MAIL_LOGO_FILE}`);
    expect(mailBrand(config({ logo: 'brand/logo.png', favicon: 'f.svg' })).logoUrl).toBe(
      `${themes}/brand/logo.png`,
    );
    expect(mailBrand(config({ logo: 'https://cdn.nordlys.test/logo.png' })).logoUrl).toBe(
      'https://cdn.nordlys.test/logo.png',
    );
    expect(mailLogo(config({ logo: 'logo.svg', favicon: 'f.png' }))).toEqual({ svg: 'logo.svg' });
    expect(mailLogo(config())).toEqual({ svg: null });
  });

  it("is drawn 120 px high with the logo's text in the portal's own font", async () => {
    const svg = await readFile(path.join(REPO, 'tenants/acme/logo.svg'), 'utf8');
    const png = mailLogoPng(svg, REPO, 'acme/logo.svg');
    expect(png.subarray(0, 8).toString('latin1')).toBe('\x89PNG\r\n\x1a\n');
    expect(png.readUInt32BE(20)).toBe(120);
    // The same drawing without its text: had no font been found, the text would be missing from both alike.
    const textless = mailLogoPng(svg.replace(/<text[\s\S]*?<\/text>/, ''), REPO, 'acme/logo.svg');
    expect(png.length).toBeGreaterThan(textless.length * 2);
  });

  it('says which file cannot be drawn, in its own words', () => {
    expect(() => mailLogoPng('<svg', REPO, 'tenants/acme/logo.svg')).toThrow(
      'tenants/acme/logo.svg cannot be drawn as the PNG logo of the mails: open it in a browser, save it again as SVG and build again.',
    );
  });

  it('unpacks a WOFF font to the TrueType file it wraps', async () => {
    const woff = await readFile(
      path.join(REPO, 'node_modules/@fontsource/oswald/files/oswald-latin-600-normal.woff'),
    );
    const sfnt = woffToSfnt(woff);
    // The flavour (TrueType outlines) and the size the WOFF header says the unpacked file has.
    expect(sfnt.readUInt32BE(0)).toBe(0x00010000);
    expect(sfnt.length).toBe(woff.readUInt32BE(16));
  });
});
