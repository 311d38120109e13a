// Load shedding (@fastify/under-pressure): past a limit every call, /ready included, answers the same 503 as a
// database outage, with Retry-After, and the refusal is logged as a warning rather than a failed request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../src/config.js';
import { defaultPressureLimits } from '../src/infrastructure.js';
import { Harness } from './helpers/harness.js';

const h = new Harness();
// The usual limits, event loop included (the harness turns that check off for every other file).
beforeAll(() => h.start({ pressure: defaultPressureLimits() }));
afterAll(() => h.stop());

describe('under pressure', () => {
  it('a heap over its limit: 503 "temporarily unavailable" on every route until it is back under', async () => {
    // Any heap at all is over one byte; 0 turns the event-loop check off.
    const app = await h.build({
      pressure: { maxHeapUsedBytes: 1, maxEventLoopDelay: 0 },
    });
    try {
      // The plugin samples once a second: wait for the first sample rather than guess its timing.
      let res = await app.inject({ method: 'GET', url: '/ready' });
      for (let i = 0; res.statusCode === 200 && i < 200; i++) {
        await new Promise((r) => setTimeout(r, 25));
        res = await app.inject({ method: 'GET', url: '/ready' });
      }
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        message: 'The service is temporarily unavailable. Please try again in a few seconds.',
      });
      expect(res.headers['retry-after']).toBe('10');
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/loginotp',
        headers: { 'x-tenant-id': '501' },
        payload: { email: 'nobody@example.test', password: 'not a password' },
      });
      expect(login.statusCode).toBe(503);
      expect(h.logs.some((l) => l.includes('"msg":"under pressure: request refused"'))).toBe(true);
      expect(h.logs.some((l) => l.includes('"msg":"request failed"'))).toBe(false);
    } finally {
      await app.close();
    }
    // The app with the usual limits is not under pressure.
    expect((await h.call('GET', '/ready', { tenant: null })).statusCode).toBe(200);
  });

  it('a loop lagging while the server starts sheds nothing: /ready answers and nothing is logged', async () => {
    const app = await h.build({
      pressure: { maxEventLoopDelay: 1, maxHeapUsedBytes: 0, startupGraceMs: 60_000 },
    });
    try {
      await app.ready();
      await lagUntil(() => app.memoryUsage().eventLoopDelay > 1);
      const before = h.logs.length;
      expect((await app.inject({ method: 'GET', url: '/ready' })).statusCode).toBe(200);
      expect(h.logs.slice(before).filter((l) => l.includes('under pressure'))).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('past the start-up grace, the same lag is refused', async () => {
    const app = await h.build({ pressure: { maxEventLoopDelay: 1, maxHeapUsedBytes: 0, startupGraceMs: 0 } });
    try {
      await app.ready();
      let status = 200;
      await lagUntil(async () => {
        status = (await app.inject({ method: 'GET', url: '/ready' })).statusCode;
        return status === 503;
      });
      expect(status).toBe(503);
    } finally {
      await app.close();
    }
  });
});

describe('MAX_EVENT_LOOP_DELAY_MS', () => {
  it("sets the server's event-loop limit (1 s unless set), 0 turns the check off, anything else is refused", () => {
    expect(readConfig({}).pressure).toEqual(defaultPressureLimits());
    expect(readConfig({ MAX_EVENT_LOOP_DELAY_MS: '2500' }).pressure.maxEventLoopDelay).toBe(2500);
    expect(readConfig({ MAX_EVENT_LOOP_DELAY_MS: '0' }).pressure).toEqual({
      ...defaultPressureLimits(),
      maxEventLoopDelay: 0,
    });
    for (const wrong of ['-1', 'soon', '1.5'])
      expect(() => readConfig({ MAX_EVENT_LOOP_DELAY_MS: wrong })).toThrow(/MAX_EVENT_LOOP_DELAY_MS must be/);
  });
});

/** Keeps the event loop busy in short bursts until `done` (the plugin samples the lag once a second). */
async function lagUntil(done: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200 && !(await done()); i++) {
    const until = Date.now() + 40;
    while (Date.now() < until) {
      // Busy: the loop lags.
    }
    await new Promise((r) => setTimeout(r, 10));
  }
}
