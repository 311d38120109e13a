/**
 * One tenant's origin, as production serves it: the site from storage/sites/<slug>/ at the root, /themes/*
 * from storage/themes/* (the CDN mapping), /assets/* and /service-worker.js from the site or else from the shared
 * storage/assets/ (the CDN mapping of the shared-assets layout), the API prefixes proxied, and the SPA fallback to index.html for
 * app routes. /meta.json and /assets/* never fall back: a missing chunk or version file must be a 404, not an
 * HTML page the app would try to parse.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import {
  ASSETS_DIR,
  INDEX_FILE,
  MAIL_PREVIEW_SEGMENT,
  SERVICE_WORKER_FILE,
  THEMES_DIR,
} from '../site-layout.js';
import { isProxied, proxyRequest } from './proxy.js';
import { securityHeaders } from './security-headers.js';
import { findFile, rawPathname, safeSegments, sendError, sendFile } from './static-files.js';

export interface SiteOptions {
  siteRoot: string;
  themesRoot: string;
  /** The shared assets (publish --shared-assets); hashed names, so a site's own copy holds the same bytes. */
  assetsRoot: string;
  api: URL;
}

/**
 * A file's name ends in a short extension (.js, .webmanifest); an app route's last segment may hold a dot too,
 * as a mailed unsubscribe link's signed token does (payload.signature), and must still get the app.
 */
const FILE_EXTENSION = /^\.[A-Za-z0-9]{1,11}$/;

const NO_FALLBACK = (segments: string[]) =>
  segments[0] === ASSETS_DIR ||
  segments[0] === THEMES_DIR ||
  FILE_EXTENSION.test(path.extname(segments[segments.length - 1] ?? ''));

export function siteHandler({ siteRoot, themesRoot, assetsRoot, api }: SiteOptions) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const pathname = rawPathname(req.url);
    // Set before any answer (a file, an error, the proxied API's) so writeHead keeps them; the API's own win.
    for (const [name, value] of Object.entries(securityHeaders(pathname))) res.setHeader(name, value);
    if (isProxied(pathname)) return proxyRequest(req, res, api);
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return sendError(res, 405, 'Method not allowed.', { Allow: 'GET, HEAD' });
    const resolved = safeSegments(pathname);
    if (!resolved.ok)
      return sendError(res, resolved.status, resolved.status === 400 ? 'Bad path.' : 'Not found.');
    const { segments } = resolved;
    const file =
      segments[0] === THEMES_DIR
        ? await findFile(themesRoot, segments.slice(1))
        : ((await findFile(siteRoot, segments.length ? segments : [INDEX_FILE])) ??
          (segments[0] === ASSETS_DIR
            ? await findFile(assetsRoot, segments.slice(1))
            : pathname === `/${SERVICE_WORKER_FILE}`
              ? await findFile(assetsRoot, [SERVICE_WORKER_FILE])
              : null));
    if (file) return sendFile(req, res, file);
    if (NO_FALLBACK(segments)) return sendError(res, 404, 'Not found.');
    const index = await findFile(siteRoot, [INDEX_FILE]);
    if (!index) return sendError(res, 404, 'This tenant has no published index.html.');
    return sendFile(req, res, index);
  };
}

/**
 * The storage folder itself, as the bucket would serve it; CORS lets any portal origin read theme files. With
 * `mailPreviewRoot`, /_mail/ serves the mails `portal mail preview` rendered there (a local look before release).
 */
export function storageHandler(storageRoot: string, mailPreviewRoot?: string) {
  const cors = {
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
    Vary: 'Origin',
  };
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { ...cors, 'Access-Control-Allow-Headers': '*', 'Access-Control-Max-Age': '600' });
      return void res.end();
    }
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return sendError(res, 405, 'Method not allowed.', { Allow: 'GET, HEAD, OPTIONS', ...cors });
    const resolved = safeSegments(rawPathname(req.url));
    if (!resolved.ok)
      return sendError(res, resolved.status, resolved.status === 400 ? 'Bad path.' : 'Not found.', cors);
    const [first, ...rest] = resolved.segments;
    const file =
      mailPreviewRoot && first === MAIL_PREVIEW_SEGMENT
        ? await findFile(mailPreviewRoot, rest)
        : await findFile(storageRoot, resolved.segments);
    if (!file) return sendError(res, 404, 'Not found.', cors);
    return sendFile(req, res, file, cors);
  };
}
