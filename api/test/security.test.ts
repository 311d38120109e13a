// The baseline every route gets: security headers, the CORS allow-list, the CSRF cookie, /health, and
// failures that tell the caller nothing about the internals.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../src/config.js';
import { createSessionService } from '../src/services/auth/session-service.js';
import { Harness, PASSWORD, nextIp } from './helpers/harness.js';

const h = new Harness();
const broken = new Harness();
beforeAll(async () => {
  await h.start();
  await broken.start();
});
afterAll(async () => {
  await h.stop();
  await broken.stop();
});

const preflight = (origin: string, app = h.app) =>
  app.inject({
    method: 'OPTIONS',
    url: '/api/auth/loginotp',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type,x-tenant-id',
    },
  });

describe('headers and CORS', () => {
  it('helmet headers are on every answer, errors included', async () => {
    for (const res of [await h.call('GET', '/health'), await h.call('GET', '/nope')]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['strict-transport-security']).toContain('max-age=');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });

  it('allows the tenants’ domains and, outside production, localhost', async () => {
    for (const origin of [
      'https://portal.alpha-coaching.example',
      'https://clients.beta-leadership.example',
      'http://localhost:5173',
      'http://127.0.0.1:4173',
      // The local preview's address of a tenant (npm start).
      'http://acme.localhost:4173',
    ]) {
      const res = await preflight(origin);
      expect(res.statusCode).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe(origin);
      expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain('x-tenant-id');
    }
  });

  it('never reflects another origin, "null", or a look-alike', async () => {
    for (const origin of [
      'https://evil.example',
      'null',
      'http://portal.alpha-coaching.example',
      'https://portal.alpha-coaching.example.evil.example',
      'http://localhost.evil.example',
      'http://acme.localhost.evil.example',
      'https://acme.localhost:4173',
    ]) {
      const res = await preflight(origin);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    }
    const simple = await h.call('GET', '/health', { headers: { origin: 'https://evil.example' } });
    expect(simple.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('drops the localhost origins in production', async () => {
    const app = await h.build({ production: true });
    for (const origin of ['http://localhost:5173', 'http://acme.localhost:4173'])
      expect((await preflight(origin, app)).headers['access-control-allow-origin']).toBeUndefined();
    expect(
      (await preflight('https://portal.alpha-coaching.example', app)).headers['access-control-allow-origin'],
    ).toBe('https://portal.alpha-coaching.example');
    await app.close();
  });
});

describe('system routes', () => {
  it('GET /sanctum/csrf-cookie answers 204 with an XSRF-TOKEN cookie', async () => {
    const res = await h.call('GET', '/sanctum/csrf-cookie', { tenant: null });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(String(res.headers['set-cookie'])).toMatch(
      /^XSRF-TOKEN=[\w-]{43}; Path=\/; Max-Age=7200; SameSite=Lax$/,
    );
  });

  it('GET /health reports the database', async () => {
    const res = await h.call('GET', '/health', { tenant: null });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { status: 'ok', database: 'up' } });
  });

  it('unknown paths are 404 { message }', async () => {
    const res = await h.call('GET', '/api/v1/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found.' });
  });
});

describe('flood guard', () => {
  it('limits each unauthenticated auth route per IP per minute, with Retry-After', async () => {
    const app = await h.build({ authRequestsPerMinute: 3 });
    const hit = (remoteAddress: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/verifyRecaptchaToken',
        headers: { 'x-tenant-id': '501' },
        remoteAddress,
        payload: { token: 't' },
      });
    const ip = nextIp();
    for (let i = 0; i < 3; i++) expect((await hit(ip)).statusCode).toBe(200);
    const limited = await hit(ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Object.keys(limited.json())).toEqual(['message']);
    expect((await hit(nextIp())).statusCode).toBe(200);
    await app.close();
  });
});

describe('behind a load balancer (TRUST_PROXY)', () => {
  it('reads true or the balancer’s addresses', () => {
    expect(readConfig({}).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(readConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.5' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.5',
    ]);
  });

  it('with the balancer named, each client behind it has its own per-IP limit', async () => {
    const balancer = nextIp();
    const app = await h.build({ authRequestsPerMinute: 1, trustProxy: [balancer] });
    const hit = (client: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/verifyRecaptchaToken',
        headers: { 'x-tenant-id': '501', 'x-forwarded-for': client },
        remoteAddress: balancer,
        payload: { token: 't' },
      });
    expect((await hit('203.0.113.1')).statusCode).toBe(200);
    expect((await hit('203.0.113.2')).statusCode).toBe(200);
    expect((await hit('203.0.113.1')).statusCode).toBe(429);
    await app.close();
  });
});

describe('failures hide their details', () => {
  it('a database failure is a 500 with a request id and no SQL, stack or path; the log has the details', async () => {
    await sql`DROP TABLE auth_events`.execute(broken.db);
    const user = await broken.createUser();
    const res = await broken.call('POST', '/api/auth/loginotp', {
      ip: nextIp(),
      body: { email: user.email, password: PASSWORD },
    });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['message', 'request_id']);
    expect(body.message).toBe(
      `Something went wrong on our side. Quote request id ${body.request_id} if you contact support.`,
    );
    expect(res.body).not.toMatch(/auth_events|relation|select|insert|\.ts|at |node_modules/i);
    expect(broken.logs.some((line) => line.includes(body.request_id) && line.includes('auth_events'))).toBe(
      true,
    );
  });

  it('a failing GraphQL resolver answers "Internal server error" only', async () => {
    const user = await broken.createUser();
    const { token } = await loginWithoutThrottle(user);
    // CASCADE: mail_attachments refers to emails.
    await sql`DROP TABLE emails CASCADE`.execute(broken.db);
    // Twice: the second run goes through mercurius' compiled (JIT) query path.
    for (let run = 0; run < 2; run++) {
      const res = await broken.call('POST', '/gapi', {
        headers: { token },
        body: { query: `{ unreademails(user_id: ${user.id}) }` },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json().errors[0].message).toBe('Internal server error');
      expect(res.body).not.toMatch(/relation|does not exist|select/i);
    }
  });
});

// The broken app has no auth_events table, so sign in through the session service directly.
async function loginWithoutThrottle(user: { id: number; tenantId: number }) {
  const token = await createSessionService(broken.db, broken.clock.now).issue(user.tenantId, user.id, null);
  return { token };
}

describe('logs', () => {
  it('never hold a token or cookie, even with a serializer that logs every header', async () => {
    const lines: string[] = [];
    const app = await h.build({
      logger: {
        level: 'info',
        stream: { write: (line: string) => void lines.push(line) },
        // What someone debugging might add: the whole request, headers and all.
        serializers: { req: (req) => ({ method: req.method, url: req.url, headers: req.headers }) },
      },
    });
    const user = await h.createUser();
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/loginotp',
      headers: { 'x-tenant-id': String(user.tenantId), 'x-forwarded-for': nextIp() },
      payload: { email: user.email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const secrets = ['bearer-secret-0123', 'gapi-secret-4567', 'cookie-secret-89ab'];
    await app.inject({
      method: 'GET',
      url: '/api/me',
      headers: {
        authorization: `Bearer ${secrets[0]}`,
        token: secrets[1],
        cookie: `XSRF-TOKEN=${secrets[2]}`,
        'x-tenant-id': String(user.tenantId),
      },
    });
    await app.close();
    const log = lines.join('\n');
    expect(log).toContain('"authorization":"[redacted]"');
    expect(log).toContain('"token":"[redacted]"');
    for (const secret of [...secrets, PASSWORD]) expect(log).not.toContain(secret);
  });

  it("mask a video's play ticket, the one secret in a URL, in Fastify's request lines and a custom serializer's", async () => {
    const ticket = 'play-ticket-secret-cdef'.padEnd(43, 'x');
    const seen: string[] = [];
    for (const serializers of [undefined, { req: (req: { url: string }) => ({ url: req.url }) }]) {
      const lines: string[] = [];
      const app = await h.build({
        logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) }, serializers },
      });
      const user = await h.createUser();
      // However the path is spelled, the router matches the play route: the mask follows the route.
      for (const url of [
        `/api/v1/lesson-files/play/${ticket}`,
        `/api/v1/lesson-files/pl%61y/${ticket}`,
        `/api/v1/%6cesson-files/play/${ticket}?t=1`,
        `/api/v1/lesson-files/play/%70${ticket.slice(1)}`,
      ]) {
        const res = await app.inject({
          method: 'GET',
          url,
          headers: { 'x-tenant-id': String(user.tenantId) },
        });
        expect(res.statusCode, url).toBe(404);
        expect(res.json(), url).toEqual({ message: 'File not found.' });
      }
      // No route matches this one (a trailing slash): its decoded path is masked all the same.
      await app.inject({ method: 'GET', url: `/api/v1/lesson-files/pl%61y/${ticket}/` });
      await app.close();
      const log = lines.join('\n');
      expect(log).toContain('"url":"/api/v1/lesson-files/play/[redacted]"');
      expect(log).toContain('"url":"/api/v1/lesson-files/play/[redacted]?t=1"');
      expect(log).toContain('"url":"/api/v1/lesson-files/play/[redacted]/"');
      expect(log).not.toContain(ticket.slice(1, 20));
      seen.push(log);
    }
    // Fastify's own line keeps its shape: the method beside the masked URL.
    expect(seen[0]).toContain('"method":"GET"');
  });
});
