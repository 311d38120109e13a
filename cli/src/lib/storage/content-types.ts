/**
 * Content-Type and Cache-Control per published file. One table for `portal publish` (object headers) and
 * `portal serve` (response headers), so the local preview answers exactly what production storage will.
 */
import path from 'node:path';
import { INDEX_FILE, META_FILE, SERVICE_WORKER_FILE, THEME_FILE, WEB_MANIFEST_FILE } from '../site-layout.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.pdf': 'application/pdf',
};

export function contentTypeFor(file: string): string {
  return TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
const CACHE_REVALIDATE = 'no-cache';
/** Unhashed static files (favicon, theme logos): short enough that a rebrand shows within minutes. */
const CACHE_SHORT = 'public, max-age=300';

/** name-<hash>.<ext> with a hash of 8 or more base64url characters, as Vite writes them. */
const HASHED = /-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/i;

/** Files that must be revalidated on every load: they name the current release (or, the manifest, the brand). */
const ENTRY_FILES = new Set([INDEX_FILE, META_FILE, THEME_FILE, SERVICE_WORKER_FILE, WEB_MANIFEST_FILE]);

/**
 * Cache-Control for a key relative to a site or theme root ("assets/index-Ab12Cd34.js", "index.html",
 * "theme.json"). Only files under assets/ with a content hash in the name are immutable: the hash changes
 * whenever the bytes do, so an open tab can keep loading old chunks and a new release never sees stale ones.
 */
export function cacheControlFor(relPath: string): string {
  const base = path.posix.basename(relPath);
  if (ENTRY_FILES.has(base) || base.endsWith('.html')) return CACHE_REVALIDATE;
  if (isHashedAsset(relPath)) return CACHE_IMMUTABLE;
  return CACHE_SHORT;
}

export function isHashedAsset(relPath: string): boolean {
  return relPath.startsWith('assets/') && HASHED.test(path.posix.basename(relPath));
}
