/**
 * startServe: the published tenants on 127.0.0.1. By default on one port, each tenant at
 * http://<slug>.localhost:<port> and the storage folder at http://127.0.0.1:<port> (host-router.ts), so a
 * tenant's address does not depend on the others. With addressing 'ports', one server per tenant (ports port,
 * port+1, ... in slug order) plus one for the storage folder: for clients that cannot resolve *.localhost
 * (Node's fetch on most Linux systems; the browser tests call the portals from Node too). Used by
 * `portal serve`, the tests and `npm start`, in-process.
 */
import { readdir } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { CliError, usageError } from '../errors.js';
import { ASSETS_DIR, MAIL_PREVIEW_SEGMENT, SITES_DIR, THEMES_DIR } from '../site-layout.js';
import { SLUG_PATTERN } from '../tenants/slug.js';
import { hostRouter, tenantAddress } from './host-router.js';
import { siteHandler, storageHandler } from './site-handler.js';
import { findFile, safeSegments } from './static-files.js';

export type Addressing = 'hosts' | 'ports';

export interface ServeOptions {
  /** The published storage folder (holds sites/, themes/ and, with shared assets, assets/). */
  storage: string;
  /** Only these tenants; default every site in storage/sites. */
  tenants?: string[];
  /** The port (with 'ports', the first one); 0 picks a free one (tests). */
  port: number;
  api: string;
  host?: string;
  /** 'hosts' (default): one port, a host name per tenant; 'ports': a port per tenant. */
  addressing?: Addressing;
  /** The folder `portal mail preview` writes to, served under /_mail/ on the storage address. */
  mailPreview?: string;
}

export interface ServeHandle {
  urls: { slug: string; url: string }[];
  storageUrl: string;
  close: () => Promise<void>;
}

async function publishedSlugs(storage: string): Promise<string[]> {
  try {
    const entries = await readdir(path.join(storage, SITES_DIR), { withFileTypes: true });
    return entries
      .filter((e) => e.isDirectory() && SLUG_PATTERN.test(e.name))
      .map((e) => e.name)
      .sort();
  } catch {
    return [];
  }
}

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>;

async function listen(handler: Handler, port: number, host: string): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    handler(req, res).catch(() => {
      if (res.headersSent) res.destroy();
      else
        res
          .writeHead(500, { 'Content-Type': 'application/json; charset=utf-8' })
          .end('{"message":"Internal error."}');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}

export async function startServe(options: ServeOptions): Promise<ServeHandle> {
  const storage = path.resolve(options.storage);
  const host = options.host ?? '127.0.0.1';
  let api: URL;
  try {
    api = new URL(options.api);
  } catch {
    throw usageError(`--api "${options.api}" is not a URL.`, 'Use a URL such as http://127.0.0.1:8080.');
  }
  const published = await publishedSlugs(storage);
  const wanted = options.tenants?.length ? [...new Set(options.tenants)].sort() : published;
  const missing = wanted.filter((slug) => !published.includes(slug));
  if (missing.length) {
    throw new CliError(`Nothing published for ${missing.join(', ')} in ${storage}.`, {
      hint: `Run \`portal publish ${missing.map((s) => `--tenant ${s}`).join(' ')}\` first, or pass --storage.`,
    });
  }
  if (!wanted.length)
    throw new CliError(`No published sites in ${storage}.`, {
      hint: 'Run `portal build --all` and `portal publish --all` first.',
    });
  const handlers = new Map(
    wanted.map((slug) => [
      slug,
      siteHandler({
        siteRoot: path.join(storage, SITES_DIR, slug),
        themesRoot: path.join(storage, THEMES_DIR),
        assetsRoot: path.join(storage, ASSETS_DIR),
        api,
      }),
    ]),
  );
  const storageAnswers = storageHandler(storage, options.mailPreview);
  const servers: http.Server[] = [];
  const portOf = (server: http.Server) => (server.address() as AddressInfo).port;
  const urlOf = (server: http.Server) => `http://${host}:${portOf(server)}`;
  const at = (offset: number) => (options.port === 0 ? 0 : options.port + offset);
  const hosts = options.addressing !== 'ports';
  const urls = () =>
    wanted.map((slug, i) => ({
      slug,
      url: hosts ? tenantAddress(slug, portOf(servers[0]!)) : urlOf(servers[i]!),
    }));
  try {
    if (!hosts) {
      for (const slug of wanted) servers.push(await listen(handlers.get(slug)!, at(servers.length), host));
      servers.push(await listen(storageAnswers, at(servers.length), host));
    } else {
      const inStorage = async (pathname: string) => {
        const resolved = safeSegments(pathname);
        // A path the storage refuses (400, hidden names) is its to answer.
        if (!resolved.ok) return true;
        const [first, ...rest] = resolved.segments;
        if (options.mailPreview && first === MAIL_PREVIEW_SEGMENT)
          return (await findFile(options.mailPreview, rest)) !== null;
        return resolved.segments.length > 0 && (await findFile(storage, resolved.segments)) !== null;
      };
      const router = hostRouter({ sites: handlers, storage: storageAnswers, urls, inStorage });
      servers.push(await listen(router, options.port, host));
    }
  } catch (error) {
    servers.forEach((s) => s.close());
    const code = (error as { code?: string }).code;
    throw new CliError(`Cannot listen on ${host}:${at(servers.length)} (${code ?? String(error)}).`, {
      hint: 'Pick another port with --port.',
    });
  }
  return {
    urls: urls(),
    storageUrl: urlOf(servers[servers.length - 1]!),
    close: () =>
      Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((resolve) => {
              server.close(() => resolve());
              server.closeAllConnections();
            }),
        ),
      ).then(() => undefined),
  };
}
