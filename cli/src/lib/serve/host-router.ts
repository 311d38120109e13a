/**
 * One port for every tenant: the Host header picks the site. http://<slug>.localhost:<port> is that tenant
 * (browsers resolve *.localhost to the loopback and treat it as a secure context, like localhost itself), so
 * a tenant's address never moves when another tenant is added. The bare address (127.0.0.1 or localhost) is
 * the storage folder, as the bucket would serve it; any other host, or a page the storage does not hold, gets
 * a page listing the tenants' addresses instead of another tenant's site.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { rawPathname } from './static-files.js';

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

const LOCAL_SUFFIX = '.localhost';

/** A tenant's address on the shared port. */
export const tenantAddress = (slug: string, port: number): string => `http://${slug}${LOCAL_SUFFIX}:${port}`;

/** The host name of a Host header, lower-cased, without the port ("[::1]:80" -> "[::1]"). */
function hostName(header: string | undefined): string {
  const host = (header ?? '').trim().toLowerCase();
  return host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d*$/, '');
}

const BARE_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

const html = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The page an unknown host gets: where each tenant is, as links. */
function tenantIndexPage(host: string, urls: { slug: string; url: string }[]): string {
  const items = urls.map(({ url }) => `<li><a href="${html(url)}/">${html(url)}/</a></li>`).join('\n');
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>Coaching portal: local tenants</title></head>',
    '<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem">',
    '<main>',
    '<h1>Which tenant?</h1>',
    `<p>No tenant is served at <strong>${html(host || '(no host)')}</strong>. Each tenant has its own address on this port:</p>`,
    `<ul>\n${items}\n</ul>`,
    '<p>A tenant added under <code>tenants/</code> appears here after <code>npm start</code> is run again.</p>',
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

export function hostRouter(options: {
  sites: Map<string, Handler>;
  storage: Handler;
  urls: () => { slug: string; url: string }[];
  /** Whether the storage folder holds the path (else the bare address shows the tenants instead of a 404). */
  inStorage: (pathname: string) => Promise<boolean>;
}): Handler {
  return async (req, res) => {
    const name = hostName(req.headers.host);
    const site = name.endsWith(LOCAL_SUFFIX)
      ? options.sites.get(name.slice(0, -LOCAL_SUFFIX.length))
      : undefined;
    if (site) return site(req, res);
    const pathname = rawPathname(req.url);
    if (BARE_HOSTS.has(name) && (req.method === 'OPTIONS' || (await options.inStorage(pathname))))
      return options.storage(req, res);
    const body = tenantIndexPage(req.headers.host ?? '', options.urls());
    res.writeHead(BARE_HOSTS.has(name) && pathname === '/' ? 200 : 404, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Length': Buffer.byteLength(body),
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}
