// The flood guard's counters live in the database (PGlite here, PostgreSQL under with-postgres.sh): two apps
// on one database, as two API instances are, share one allowance per route and address instead of granting
// one each; a count is atomic under parallel requests; an ended window starts again; the purge takes only
// ended windows. many-instances.test.ts proves the same with two real processes.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseRateLimitStore, purgeEndedWindows } from '../src/services/throttle/rate-limit-store.js';
import { Harness, nextIp } from './helpers/harness.js';

const h = new Harness();
let second: FastifyInstance;
// Load shedding off: PGlite runs on this event loop, so on a busy machine a lag right after start would answer
// 503 where this file counts 200s and 429s (pressure.test.ts tests the shedding).
const options = { authRequestsPerMinute: 3, pressure: { maxEventLoopDelay: 0, maxHeapUsedBytes: 0 } };
beforeAll(async () => {
  await h.start(options);
  second = await h.build(options);
});
afterAll(async () => {
  await second?.close();
  await h.stop();
});

const hit = (app: FastifyInstance, ip: string, url = '/api/auth/verifyRecaptchaToken') =>
  app.inject({
    method: 'POST',
    url,
    headers: { 'x-tenant-id': '501' },
    remoteAddress: ip,
    payload: { token: 't' },
  });

/** One increment through the store as the plugin makes it: the route's child, a key, a window in ms. */
function counter(route: { method: string; url: string }) {
  const Store = databaseRateLimitStore(h.db);
  const store = new Store({}).child({ routeInfo: route } as never);
  return (key: string, windowMs = 60_000) =>
    new Promise<{ current: number; ttl: number }>((resolve, reject) =>
      store.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), windowMs, 3),
    );
}

/** Moves a window's end a second into the past, as if its minute had gone by. */
const endWindow = (key: string) =>
  h.db
    .updateTable('rate_limit_hits')
    .set({ window_ends_at: sql<Date>`now() - interval '1 second'` })
    .where('key', '=', key)
    .execute();

describe('two apps on one database', () => {
  it('share one per-IP allowance per route: the fourth request is refused on either', async () => {
    const ip = nextIp();
    expect((await hit(h.app, ip)).statusCode).toBe(200);
    expect((await hit(second, ip)).statusCode).toBe(200);
    expect((await hit(h.app, ip)).statusCode).toBe(200);
    for (const app of [second, h.app]) {
      const refused = await hit(app, ip);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    }
    // Another address and another limited route each have their own count.
    expect((await hit(second, nextIp())).statusCode).toBe(200);
    const otherRoute = await hit(second, ip, '/api/password/create');
    expect(otherRoute.statusCode).not.toBe(429);
  });

  it('count parallel requests exactly: 3 of 10 pass, whichever app takes them', async () => {
    const ip = nextIp();
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => hit(i % 2 ? second : h.app, ip)));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 429, 429, 429, 429, 429, 429, 429]);
  });
});

describe('the store', () => {
  it('counts 1, 2, 3 in a window and says how long it has left', async () => {
    const incr = counter({ method: 'POST', url: '/store/a' });
    const key = nextIp();
    const counts = [];
    for (let i = 0; i < 3; i++) counts.push(await incr(key));
    expect(counts.map((c) => c.current)).toEqual([1, 2, 3]);
    for (const { ttl } of counts) {
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60_000);
    }
  });

  it('keys each route apart, like the plugin’s own stores', async () => {
    const key = nextIp();
    await counter({ method: 'POST', url: '/store/b' })(key);
    expect((await counter({ method: 'POST', url: '/store/c' })(key)).current).toBe(1);
    expect((await counter({ method: 'GET', url: '/store/b' })(key)).current).toBe(1);
    expect((await counter({ method: 'POST', url: '/store/b' })(key)).current).toBe(2);
  });

  it('starts a window again at 1 once it has ended, with a full window ahead', async () => {
    const incr = counter({ method: 'POST', url: '/store/d' });
    const key = nextIp();
    await incr(key);
    await incr(key);
    await endWindow(`POST /store/d ${key}`);
    const fresh = await incr(key, 30_000);
    expect(fresh.current).toBe(1);
    // The new window's end and the answer's "now" are one statement's clock: exactly the window.
    expect(fresh.ttl).toBe(30_000);
  });

  it('the purge deletes ended windows only', async () => {
    const incr = counter({ method: 'POST', url: '/store/e' });
    const [ended, live] = [nextIp(), nextIp()];
    await incr(ended);
    await incr(live);
    await endWindow(`POST /store/e ${ended}`);
    expect(await purgeEndedWindows(h.db)).toBeGreaterThanOrEqual(1);
    const keys = (await h.db.selectFrom('rate_limit_hits').select('key').execute()).map((r) => r.key);
    expect(keys).not.toContain(`POST /store/e ${ended}`);
    expect(keys).toContain(`POST /store/e ${live}`);
  });
});
