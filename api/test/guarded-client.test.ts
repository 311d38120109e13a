// The guarded outbound client (services/outbound/guarded-client.ts) against real sockets on 127.0.0.1: in
// production every internal form of an address is refused, written in the URL or behind a name (a test resolver
// answers the names; `localhost` is the system's), and a name with one internal address among public ones too;
// outside production loopback is allowed and nothing else internal. The connection goes to the address that was
// checked, with one lookup. A failure is a category, never the raw error; a redirect is not followed.
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { LookupFunction } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGuardedClient, internalHost } from '../src/services/outbound/guarded-client.js';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** A server on 127.0.0.1 whose handler a test sets; it counts the requests it got. */
class Local {
  hits = 0;
  handle: Handler = (_req, res) => res.writeHead(200).end('ok');
  private server: Server = createServer((req, res) => {
    this.hits++;
    this.handle(req, res);
  });
  get port() {
    return (this.server.address() as AddressInfo).port;
  }
  url(path = '/hooks', host = '127.0.0.1') {
    return `http://${host}:${this.port}${path}`;
  }
  start = () => new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
  stop = () => {
    this.server.closeAllConnections();
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  };
}

const receiver = new Local();
const other = new Local();
beforeAll(async () => {
  await receiver.start();
  await other.start();
});
afterAll(async () => {
  await receiver.stop();
  await other.stop();
});

/** Every internal form the guard refuses, as written in a URL's host. */
const INTERNAL = [
  ['loopback', '127.0.0.1'],
  ['loopback, another of 127/8', '127.1.2.3'],
  ['private 10/8', '10.1.2.3'],
  ['private 172.16/12', '172.16.0.1'],
  ['private 192.168/16', '192.168.1.1'],
  ["link-local (a cloud's metadata service)", '169.254.169.254'],
  ['shared 100.64/10', '100.64.0.1'],
  ['unspecified', '0.0.0.0'],
  ['multicast', '224.0.0.1'],
  ['broadcast', '255.255.255.255'],
  ['IPv6 loopback', '[::1]'],
  ['IPv6 unspecified', '[::]'],
  ['unique-local fc00::/7', '[fd12:3456::1]'],
  ['unique-local fc00::', '[fc00::1]'],
  ['IPv6 link-local', '[fe80::1]'],
  ['site-local fec0::/10', '[fec0::1]'],
  ['IPv6 multicast', '[ff02::1]'],
  ['IPv4-mapped loopback', '[::ffff:127.0.0.1]'],
  ['IPv4-mapped private', '[::ffff:10.0.0.1]'],
  ['IPv4-mapped metadata service', '[::ffff:169.254.169.254]'],
  ['IPv4-mapped shared', '[::ffff:100.64.0.1]'],
  ['NAT64 of loopback', '[64:ff9b::127.0.0.1]'],
  ['NAT64 of private', '[64:ff9b::10.0.0.1]'],
  ['local-use NAT64 of the metadata service', '[64:ff9b:1::169.254.169.254]'],
  ['IPv4-compatible loopback', '[::127.0.0.1]'],
] as const;

const bare = (host: string) => host.replace(/^\[|\]$/g, '');
const family = (address: string) => (address.includes(':') ? 6 : 4);

/** A resolver of the test's own: `<anything>.test` names answer the addresses given, in that order. */
function resolver(names: Record<string, string[]>, calls: string[] = []): LookupFunction {
  return ((hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    calls.push(hostname);
    const addresses = names[hostname];
    if (!addresses) {
      const error = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
      callback(error);
      return;
    }
    const all = addresses.map((address) => ({ address, family: family(address) }));
    if (options.all) callback(null, all);
    else callback(null, all[0]!.address, all[0]!.family);
  }) as LookupFunction;
}

const post = { method: 'POST', body: '{}', timeoutMs: 2000 } as const;

describe('in production', () => {
  it('refuses every internal form of an address written in the URL', async () => {
    const client = createGuardedClient({ production: true });
    for (const [what, host] of INTERNAL) {
      const port = bare(host) === '127.0.0.1' ? receiver.port : 443;
      const result = await client.request({ ...post, url: `https://${host}:${port}/hooks` });
      expect(result, `${what} ${host}`).toEqual({ failure: 'address not allowed' });
      const plain = await client.request({ ...post, url: `http://${host}:${port}/hooks` });
      expect(plain, `${what} ${host}`).toEqual({ failure: 'address not allowed' });
    }
    expect(receiver.hits).toBe(0);
  });

  it('refuses a name that resolves to any of them, even beside public addresses', async () => {
    const names = Object.fromEntries(INTERNAL.map(([, host], i) => [`internal-${i}.test`, [bare(host)]]));
    names['mixed.test'] = ['93.184.215.14', '127.0.0.1'];
    names['mixed6.test'] = ['2606:4700::1111', 'fd00::1'];
    const client = createGuardedClient({ production: true, lookup: resolver(names) });
    for (const name of Object.keys(names)) {
      const result = await client.request({ ...post, url: `http://${name}:${receiver.port}/hooks` });
      expect(result, `${name} -> ${names[name]!.join(', ')}`).toEqual({ failure: 'address not allowed' });
    }
    expect(receiver.hits).toBe(0);
  });

  it('refuses localhost, which the system resolves to loopback', async () => {
    const client = createGuardedClient({ production: true });
    const result = await client.request({ ...post, url: receiver.url('/hooks', 'localhost') });
    expect(result).toEqual({ failure: 'address not allowed' });
    expect(receiver.hits).toBe(0);
  });
});

describe('a host as written (the webhook form refuses it at once in production)', () => {
  it('is internal in every form above, and as localhost; a public address or any other name is not', () => {
    for (const [what, host] of INTERNAL)
      expect(internalHost(new URL(`https://${host}/`).hostname), what).toBe(true);
    for (const host of ['localhost', 'LOCALHOST', 'api.localhost'])
      expect(internalHost(host), host).toBe(true);
    for (const host of ['93.184.215.14', '[2606:4700::1111]', 'crm.example.com', 'internal-looking.test'])
      expect(internalHost(new URL(`https://${host}/`).hostname), host).toBe(false);
  });
});

describe('outside production', () => {
  it('delivers to loopback, written or behind a name, and refuses the rest as production does', async () => {
    const client = createGuardedClient({
      production: false,
      lookup: resolver({ 'receiver.test': ['127.0.0.1'], 'private.test': ['10.0.0.7'] }),
    });
    const system = createGuardedClient({ production: false });
    for (const [host, via] of [
      ['127.0.0.1', system],
      ['localhost', system],
      ['receiver.test', client],
    ] as const)
      expect(await via.request({ ...post, url: receiver.url('/hooks', host) }), host).toMatchObject({
        status: 200,
      });
    expect(receiver.hits).toBe(3);
    for (const [what, host] of INTERNAL.filter(([, h]) => !['127.0.0.1', '127.1.2.3', '[::1]'].includes(h)))
      expect(await client.request({ ...post, url: `https://${host}/` }), what).toEqual({
        failure: 'address not allowed',
      });
    expect(await client.request({ ...post, url: receiver.url('/hooks', 'private.test') })).toEqual({
      failure: 'address not allowed',
    });
  });

  it('connects to the address it checked, with a single lookup (a second answer could differ)', async () => {
    const calls: string[] = [];
    let answers = 0;
    const rebinding = ((hostname, options, callback) => {
      calls.push(hostname);
      // The first answer is this machine; any later one would be the metadata service.
      const address = answers++ === 0 ? '127.0.0.1' : '169.254.169.254';
      resolver({ [hostname]: [address] })(hostname, options, callback);
    }) as LookupFunction;
    const client = createGuardedClient({ production: false, lookup: rebinding });
    const before = receiver.hits;
    const result = await client.request({ ...post, url: receiver.url('/hooks', 'rebind.test') });
    expect(result).toMatchObject({ status: 200 });
    expect(receiver.hits).toBe(before + 1);
    expect(calls).toEqual(['rebind.test']);
  });
});

describe('what a request tells', () => {
  const client = createGuardedClient({
    production: false,
    lookup: resolver({ 'receiver.test': ['127.0.0.1'] }),
  });

  it('does not follow a redirect: the 3xx is the answer, and its target gets nothing', async () => {
    receiver.handle = (_req, res) => res.writeHead(307, { location: other.url() }).end();
    try {
      expect(await client.request({ ...post, url: receiver.url() })).toMatchObject({ status: 307 });
      expect(other.hits).toBe(0);
    } finally {
      receiver.handle = (_req, res) => res.writeHead(200).end('ok');
    }
  });

  it('names each failure by its category only', async () => {
    const closed = new Local();
    await closed.start();
    const closedUrl = closed.url();
    await closed.stop();
    expect(await client.request({ ...post, url: closedUrl })).toEqual({ failure: 'connection refused' });
    expect(await client.request({ ...post, url: 'http://nowhere.test/' })).toEqual({
      failure: 'name not found',
    });
    // TLS to a receiver that speaks plain HTTP.
    expect(await client.request({ ...post, url: receiver.url().replace('http:', 'https:') })).toEqual({
      failure: 'TLS failure',
    });
    other.handle = () => undefined;
    try {
      expect(await client.request({ ...post, url: other.url(), timeoutMs: 200 })).toEqual({
        failure: 'timed out',
      });
    } finally {
      other.handle = (_req, res) => res.writeHead(200).end('ok');
    }
    expect(await client.request({ ...post, url: 'ftp://127.0.0.1/' })).toEqual({
      failure: 'address not allowed',
    });
  });

  it('reads the body up to the size asked for, and no more', async () => {
    receiver.handle = (_req, res) => res.writeHead(200).end('BEGIN:VCALENDAR');
    try {
      const get = { method: 'GET', url: receiver.url('/feed.ics'), timeoutMs: 2000 } as const;
      const read = await client.request({ ...get, maxBodyBytes: 1000 });
      expect(read).toMatchObject({ status: 200 });
      expect('body' in read && read.body.toString()).toBe('BEGIN:VCALENDAR');
      expect(await client.request({ ...get, maxBodyBytes: 5 })).toEqual({ failure: 'answer too large' });
    } finally {
      receiver.handle = (_req, res) => res.writeHead(200).end('ok');
    }
  });
});
