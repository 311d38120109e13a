import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { siteFavicon, themeHref } from '../site-layout.js';
import type { TenantConfig } from '../tenants/types.js';
import { bakedConfig } from './baked-config.js';
import { buildThemeFile, isRemote } from './theme-file.js';

/**
 * The tenant's web app manifest (manifest.webmanifest at the site root): its name and colours, and an icon from
 * its own images, so the portal installs as the tenant's app. Chromium installs only with an icon of at least
 * 144 px whose sizes it is told: an SVG says "any", a PNG its pixel size (read from the file's header). The
 * favicon comes first (square by nature); the logo stands in when the favicon is neither SVG nor PNG.
 */
interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
}

interface WebManifest {
  id: string;
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: 'standalone';
  theme_color: string;
  background_color: string;
  icons: ManifestIcon[];
}

/** Width and height of a PNG from its IHDR chunk, or null for anything that is not a PNG. */
function pngSize(bytes: Buffer): { width: number; height: number } | null {
  const signature = '89504e470d0a1a0a';
  if (bytes.length < 24 || bytes.subarray(0, 8).toString('hex') !== signature) return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function iconFor(href: string, file: string | null, tenantDir: string): Promise<ManifestIcon | null> {
  const ext = path.extname(new URL(href, 'https://site.invalid').pathname).toLowerCase();
  if (ext === '.svg') return { src: href, sizes: 'any', type: 'image/svg+xml' };
  if (ext !== '.png' || file === null) return null;
  const size = pngSize(await readFile(path.resolve(tenantDir, file)).catch(() => Buffer.alloc(0)));
  return size ? { src: href, sizes: `${size.width}x${size.height}`, type: 'image/png' } : null;
}

export async function webManifest(config: TenantConfig, tenantDir: string): Promise<WebManifest> {
  const { themeUrl } = bakedConfig(config, '0.0.0');
  const { colors } = buildThemeFile(config).theme;
  const favicon = siteFavicon(config, themeUrl);
  const logo = config.theme?.assets?.logo;
  const candidates: [string, string | null][] = [[favicon.href, favicon.tenantFile]];
  if (logo) candidates.push(isRemote(logo) ? [logo, null] : [themeHref(themeUrl, config.id, logo), logo]);
  let icon: ManifestIcon | null = null;
  for (const [href, file] of candidates) {
    icon = await iconFor(href, file, tenantDir);
    if (icon) break;
  }
  return {
    id: '/',
    name: config.name,
    short_name: config.name,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: colors.primary,
    background_color: colors.background,
    icons: icon ? [icon] : [],
  };
}

export const webManifestJson = (manifest: WebManifest): string => `${JSON.stringify(manifest, null, 2)}\n`;
