/**
 * The mail's logo as a PNG (contracts/mail/mail-brand.ts, mailLogo): Gmail and Outlook show no SVG image, so the
 * bake draws an SVG logo (or favicon, or the default favicon) with resvg into themes/<id>/mail-logo.png. Only
 * the portal's own fonts (Oswald and Open Sans, from @fontsource) are loaded, never the machine's, so a logo's
 * text is drawn alike on every build machine. Each PNG is kept in .portal/cache/mail-logos/ under the digest of
 * its SVG: drawing one costs about 10 ms, so a fleet's next build draws none again.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Resvg as ResvgType } from '@resvg/resvg-js';
import { woffToSfnt } from './woff.js';

const require = createRequire(import.meta.url);

/** Three times the 40 px the mail shows it at, so it is sharp on a high-density screen. */
const HEIGHT = 120;
/** Part of each cached PNG's key: a change to how logos are drawn (height, fonts) draws them all again. */
const DRAWING = `resvg-2.6.2 height ${HEIGHT} fonts 1`;
const FONTS = [
  ...[300, 400, 500, 600].map((weight) => `oswald/files/oswald-latin-${weight}-normal`),
  ...[300, 400, 600, 700].map((weight) => `open-sans/files/open-sans-latin-${weight}-normal`),
];

let fontFiles: string[] | undefined;

/** The fonts as TrueType files (resvg reads no WOFF), unpacked once into the cache. */
function fonts(repoRoot: string): string[] {
  if (fontFiles) return fontFiles;
  const dir = path.join(repoRoot, '.portal', 'cache', 'mail-fonts');
  mkdirSync(dir, { recursive: true });
  fontFiles = FONTS.map((font) => {
    const file = path.join(dir, `${path.basename(font)}.ttf`);
    if (!existsSync(file)) {
      const woff = readFileSync(path.join(repoRoot, 'node_modules', '@fontsource', `${font}.woff`));
      writeAtomically(file, woffToSfnt(woff));
    }
    return file;
  });
  return fontFiles;
}

/** Builds running side by side (CI shards) may write the same file: each writes its own, then renames. */
function writeAtomically(file: string, bytes: Buffer): void {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, bytes);
  renameSync(tmp, file);
}

/** The PNG of an SVG image for mail, HEIGHT pixels high; `shown` names the SVG in an error. */
export function mailLogoPng(svg: Buffer | string, repoRoot: string, shown: string): Buffer {
  const dir = path.join(repoRoot, '.portal', 'cache', 'mail-logos');
  const key = createHash('sha256').update(DRAWING).update('\0').update(svg).digest('hex');
  const cached = path.join(dir, `${key}.png`);
  if (existsSync(cached)) return readFileSync(cached);
  // Required here, not imported with this file: its native module takes 50 to 80 ms to load, and a build whose
  // logos are all cached (every build of an unchanged fleet) draws none.
  const { Resvg } = require('@resvg/resvg-js') as { Resvg: typeof ResvgType };
  let png: Buffer;
  try {
    const options = { loadSystemFonts: false, fontFiles: fonts(repoRoot), defaultFontFamily: 'Open Sans' };
    png = new Resvg(svg, { fitTo: { mode: 'height', value: HEIGHT }, font: options }).render().asPng();
  } catch {
    throw new Error(
      `${shown} cannot be drawn as the PNG logo of the mails: open it in a browser, save it again as SVG and build again.`,
    );
  }
  mkdirSync(dir, { recursive: true });
  writeAtomically(cached, png);
  return png;
}
