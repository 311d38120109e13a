// The one way the API fetches an address that a tenant or a user chose (webhook endpoints; calendar feeds next):
// the name is resolved at the moment of the request, every address it resolves to is checked, and the socket
// connects to the address that was checked. request-filtering-agent does the check inside the socket's own
// lookup, so no second lookup exists for a DNS rebinding to answer differently; an address written in the URL is
// checked before connecting. Its rule is ipaddr.js's: an address whose range is not `unicast` is refused, which
// covers loopback, private, link-local (a cloud's metadata service), shared 100.64.0.0/10, unique-local,
// site-local fec0::/10, multicast, unspecified, broadcast and reserved ranges, and every IPv4-mapped
// (::ffff:a.b.c.d) and NAT64 (64:ff9b::/96, 64:ff9b:1::/48) address, whatever IPv4 address it carries, and 6to4
// and Teredo. compatible() adds what ipaddr.js calls unicast but is not: the deprecated IPv4-compatible
// ::a.b.c.d. Outside production loopback stays allowed (the tests and the local stack receive on 127.0.0.1).
// Redirects are never followed (node:http does not), and a failure is told by its category only: the raw error
// can name an internal address or a certificate's details, which the tenant admin's screens must not show.
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { FieldError } from '../../errors.js';

/**
 * Allowed outside production only: this machine. Single addresses, not ranges: the agent warns on every check of
 * an address against a range of the other family.
 */
const LOOPBACK = ['127.0.0.1', '::1'];

const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');

/** An address ipaddr.js calls `unicast` that reaches an IPv4 address all the same: ::a.b.c.d (deprecated). */
function compatible(address: string): boolean {
  if (isIP(address) === 0) return false;
  const parsed = ipaddr.parse(address);
  return parsed.kind() === 'ipv6' && parsed.range() === 'unicast' && parsed.match(IPV4_COMPATIBLE);
}

/**
 * A host written as an address the guard refuses in production, or as a name that is this machine by definition
 * (localhost): a form can refuse it at once. A name is checked when it is resolved, at the request.
 */
export function internalHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  return isIP(host) !== 0 && (ipaddr.parse(host).range() !== 'unicast' || compatible(host));
}

const localHosts = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The rule for an address a person registers (a webhook endpoint, a calendar): https, since what travels is a
 * business's data or a private calendar. Outside production plain http is allowed to this machine only, so a
 * developer (and the tests) can run a receiver without a certificate; nothing else can be reached in the clear.
 * A 422 on `url` otherwise, its sentence giving `example` as the shape expected.
 */
export function checkAddress(url: string, production: boolean, example: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new FieldError({ url: [`Enter a full web address, like ${example}.`] });
  }
  // Refused at once when written as such; a name is checked at every request, when it is resolved.
  if (production && internalHost(parsed.hostname))
    throw new FieldError({
      url: ['Enter an address on the internet, not one of this server’s own network.'],
    });
  if (parsed.protocol === 'https:') return;
  if (parsed.protocol === 'http:' && !production && localHosts.has(parsed.hostname)) return;
  throw new FieldError({
    url: [
      production
        ? 'The address must start with https://.'
        : 'The address must start with https:// (http:// only to 127.0.0.1 or localhost).',
    ],
  });
}

class RefusedAddress extends Error {}

type LookupCallback = (error: Error | null, address?: string | dns.LookupAddress[], family?: number) => void;

/** The resolver the agent checks, refusing first what its rule lets through (compatible()). */
function refusingCompatible(base: LookupFunction): LookupFunction {
  return ((hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    (base as (h: string, o: dns.LookupOptions, c: LookupCallback) => void)(
      hostname,
      options,
      (error, address, family) => {
        if (error) return callback(error);
        const addresses = Array.isArray(address) ? address.map((a) => a.address) : [address ?? ''];
        if (addresses.some(compatible)) return callback(new RefusedAddress(hostname));
        callback(null, address, family);
      },
    );
  }) as LookupFunction;
}

/** What the caller learns of a request that got no whole HTTP answer. */
type OutboundFailure =
  | 'address not allowed'
  | 'name not found'
  | 'connection refused'
  | 'timed out'
  | 'TLS failure'
  | 'connection failed'
  | 'answer too large';

type OutboundResult = { status: number; body: Buffer } | { failure: OutboundFailure };

interface OutboundRequest {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  /** Text (a webhook's JSON) or bytes (a push's encrypted payload). */
  body?: string | Buffer;
  /** For the whole exchange: connecting, the answer's head and the body read. */
  timeoutMs: number;
  /** The answer's body is read up to this many bytes (a longer one is a failure); 0: not read at all. */
  maxBodyBytes?: number;
}

interface GuardedClientOptions {
  production: boolean;
  /** The resolver (dns.lookup unless a test gives one that answers a name of its own). */
  lookup?: LookupFunction | undefined;
}

export type GuardedClient = ReturnType<typeof createGuardedClient>;

/** The category of a request's error; the error itself goes no further. */
function categorise(error: unknown, timedOut: boolean): OutboundFailure {
  if (timedOut) return 'timed out';
  if (error instanceof RefusedAddress) return 'address not allowed';
  const { code = '', message = '' } = error as { code?: string; message?: string };
  // request-filtering-agent's refusal is a plain Error, of the lookup or of an address written in the URL.
  if (!code && /^DNS lookup .* is not allowed/.test(message)) return 'address not allowed';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'name not found';
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (/^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|EPROTO$)/.test(code))
    return 'TLS failure';
  return 'connection failed';
}

export function createGuardedClient({ production, lookup }: GuardedClientOptions) {
  const rules = { allowIPAddressList: production ? [] : LOOPBACK };
  const resolver = refusingCompatible(lookup ?? (dns.lookup as LookupFunction));
  const agents = { http: new RequestFilteringHttpAgent(rules), https: new RequestFilteringHttpsAgent(rules) };
  return {
    request(request: OutboundRequest): Promise<OutboundResult> {
      const url = new URL(request.url);
      if (
        (url.protocol !== 'http:' && url.protocol !== 'https:') ||
        compatible(url.hostname.replace(/^\[|\]$/g, ''))
      )
        return Promise.resolve({ failure: 'address not allowed' });
      const secure = url.protocol === 'https:';
      const send = secure ? https.request : http.request;
      const maxBodyBytes = request.maxBodyBytes ?? 0;
      return new Promise((resolve) => {
        let timedOut = false;
        const options: http.RequestOptions & { autoSelectFamily: boolean } = {
          method: request.method,
          agent: secure ? agents.https : agents.http,
          headers: request.headers,
          // Every address of the name is resolved (and so checked), not the first one only.
          autoSelectFamily: true,
          lookup: resolver,
        };
        const req = send(url, options);
        const timer = setTimeout(() => {
          timedOut = true;
          req.destroy();
        }, request.timeoutMs);
        const done = (result: OutboundResult) => {
          clearTimeout(timer);
          resolve(result);
        };
        req.on('error', (error) => done({ failure: categorise(error, timedOut) }));
        req.on('response', (res) => {
          const status = res.statusCode ?? 0;
          // Only as much of the body as asked for: a large or endless answer must not hold the caller.
          if (maxBodyBytes === 0) {
            res.destroy();
            done({ status, body: Buffer.alloc(0) });
            return;
          }
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            chunks.push(chunk);
            size += chunk.length;
            if (size > maxBodyBytes) res.destroy();
          });
          res.on('close', () => {
            if (timedOut) done({ failure: 'timed out' });
            else if (size > maxBodyBytes) done({ failure: 'answer too large' });
            else if (!res.complete) done({ failure: 'connection failed' });
            else done({ status, body: Buffer.concat(chunks) });
          });
        });
        req.end(request.body);
      });
    },
  };
}
