/**
 * startServe: one HTTP server per published tenant (ports port, port+1, ... in slug order) plus one for the
 * storage folder, all on 127.0.0.1. Used by `portal serve`, the tests and `npm start`, in-process.
 */
import { readdir } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { CliError, usageError } from '../errors.js';
import { ASSETS_DIR, SITES_DIR, THEMES_DIR } from '../site-layout.js';
import { SLUG_PATTERN } from '../tenants/slug.js';
import { siteHandler, storageHandler } from './site-handler.js';

export interface ServeOptions {
  /** The published storage folder (holds sites/, themes/ and, with shared assets, assets/). */
  storage: string;
  /** Only these tenants; default every site in storage/sites. */
  tenants?: string[];
  /** First port; 0 picks free ports (tests). */
  port: number;
  api: string;
  host?: string;
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
  const servers: http.Server[] = [];
  const at = (offset: number) => (options.port === 0 ? 0 : options.port + offset);
  try {
    for (const [i, slug] of wanted.entries()) {
      const handler = siteHandler({
        siteRoot: path.join(storage, SITES_DIR, slug),
        themesRoot: path.join(storage, THEMES_DIR),
        assetsRoot: path.join(storage, ASSETS_DIR),
        api,
      });
      servers.push(await listen(handler, at(i), host));
    }
    servers.push(await listen(storageHandler(storage), at(wanted.length), host));
  } catch (error) {
    servers.forEach((s) => s.close());
    const code = (error as { code?: string }).code;
    throw new CliError(`Cannot listen on ${host}:${at(servers.length)} (${code ?? String(error)}).`, {
      hint: 'Pick other ports with --port.',
    });
  }
  const urlOf = (server: http.Server) => `http://${host}:${(server.address() as AddressInfo).port}`;
  return {
    urls: wanted.map((slug, i) => ({ slug, url: urlOf(servers[i]!) })),
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
