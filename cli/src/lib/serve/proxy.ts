/**
 * The API proxy of `portal serve`: /api, /gapi, /sanctum, /upload and /integrations go to --api, streamed both
 * ways (uploads are not buffered), with X-Forwarded-* headers so the API sees the client and the portal origin.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { sendError } from './static-files.js';

export const PROXIED_PREFIXES = ['/api', '/gapi', '/sanctum', '/upload', '/integrations'];

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
    if (res.headersSent) res.destroy();
    else
      sendError(res, 502, `The API at ${api.origin} is not reachable. Start it (npm run api) or pass --api.`);
  });
  req.on('aborted', () => upstream.destroy());
  req.pipe(upstream);
}
