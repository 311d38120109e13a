/**
 * The API proxy of `portal serve`: /api, /gapi, /sanctum, /upload, /delete, /integrations and /integration go to --api,
 * streamed both ways (uploads are not buffered), with X-Forwarded-* headers so the API sees the client and the
 * portal origin.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { PROXIED_PREFIXES } from '../site-layout.js';
import { sendError } from './static-files.js';

export function isProxied(pathname: string): boolean {
  return PROXIED_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/** Connection-level headers belong to one hop and must not be forwarded (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'upgrade',
  'proxy-authorization',
]);

function forwardable(headers: http.IncomingHttpHeaders | http.OutgoingHttpHeaders): http.OutgoingHttpHeaders {
  const out: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
  return out;
}

let lastWarning = 0;

/** Tells whoever runs `portal serve` how to fix it, at most every 30 s however many requests fail. */
function warnOperator(api: URL): void {
  if (Date.now() - lastWarning < 30_000) return;
  lastWarning = Date.now();
  process.stderr.write(`The API at ${api.origin} is not reachable: start it (npm run api) or pass --api.\n`);
}

export function proxyRequest(req: IncomingMessage, res: ServerResponse, api: URL): void {
  const client = req.socket.remoteAddress ?? '';
  const prior = req.headers['x-forwarded-for'];
  const headers = forwardable(req.headers);
  headers.host = api.host;
  headers['x-forwarded-for'] = prior ? `${String(prior)}, ${client}` : client;
  headers['x-forwarded-host'] = req.headers.host ?? '';
  headers['x-forwarded-proto'] = 'http';
  const basePath = api.pathname.replace(/\/$/, '');
  const upstream = http.request(
    {
      protocol: api.protocol,
      hostname: api.hostname,
      port: api.port,
      method: req.method,
      path: `${basePath}${req.url ?? '/'}`,
      headers,
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, forwardable(answer.headers));
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    warnOperator(api);
    if (res.headersSent) res.destroy();
    // The browser shows this message to the portal's user; the fix is for whoever runs serve.
    else sendError(res, 502, 'The service is not reachable right now. Please try again in a moment.');
  });
  req.on('aborted', () => upstream.destroy());
  req.pipe(upstream);
}
