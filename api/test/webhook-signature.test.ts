// The pure parts of webhooks out: the signature (Stripe's t=,v1= scheme, checked by Stripe's SDK too) verifies only
// with its secret, body and a timestamp within the tolerance, and carries one v1 per secret during a rotation; the retry waits grow, are capped and jittered within their bounds.
import { createHmac } from 'node:crypto';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { retryDelayMs } from '../src/services/webhooks/backoff.js';
import { newWebhookSecret, signatureHeader, verifySignature } from '../src/services/webhooks/signature.js';

describe('webhook signatures', () => {
  const secret = newWebhookSecret();
  const body = '{"id":"e1","type":"ticket.created","created_at":"2026-01-01T00:00:00.000Z","data":{}}';
  const t = 1_800_000_000;

  it('signs "<t>.<raw body>" with HMAC-SHA256 in hex, as Stripe does', () => {
    const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
    expect(signatureHeader([secret], t, body)).toBe(`t=${t},v1=${expected}`);
  });

  it('verifies its own signature within the tolerance, and nothing else', () => {
    const header = signatureHeader([secret], t, body);
    expect(verifySignature(secret, header, body, t + 299)).toBe(true);
    expect(verifySignature(secret, header, body, t + 301)).toBe(false);
    expect(verifySignature(secret, header, `${body} `, t)).toBe(false);
    expect(verifySignature(newWebhookSecret(), header, body, t)).toBe(false);
    expect(verifySignature(secret, header.replace(`t=${t}`, `t=${t + 1}`), body, t)).toBe(false);
    expect(verifySignature(secret, `t=${t}`, body, t)).toBe(false);
    expect(verifySignature(secret, `t=${t},v1=zz`, body, t)).toBe(false);
    expect(verifySignature(secret, '', body, t)).toBe(false);
    // The tolerance's edge is inclusive, on both sides of now.
    expect(verifySignature(secret, header, body, t + 300)).toBe(true);
    expect(verifySignature(secret, header, body, t - 300)).toBe(true);
    expect(verifySignature(secret, header, body, t - 301)).toBe(false);
    // The right hash is only a v1 entry's, and only on its own: not as v0, not with anything after it.
    const hash = header.split('v1=')[1];
    expect(verifySignature(secret, `t=${t},v0=${hash}`, body, t)).toBe(false);
    expect(verifySignature(secret, `${header}00`, body, t)).toBe(false);
    expect(verifySignature(secret, `${header}zz`, body, t)).toBe(false);
  });

  it('accepts any of several v1 values (one per secret while a receiver rotates)', () => {
    const other = signatureHeader([newWebhookSecret()], t, body).split(',')[1];
    const header = `${signatureHeader([secret], t, body)},${other}`;
    expect(verifySignature(secret, header, body, t)).toBe(true);
  });

  it("is accepted by Stripe's own SDK, with each of two secrets during a rotation's grace", () => {
    const old = newWebhookSecret();
    const header = signatureHeader([secret, old], t, body);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    const now = () => Math.floor(Date.now() / 1000);
    const live = signatureHeader([secret, old], now(), body);
    for (const key of [secret, old]) {
      expect(Stripe.webhooks.constructEvent(body, live, key, 300)).toMatchObject({ id: 'e1' });
      expect(verifySignature(key, header, body, t)).toBe(true);
    }
    expect(() => Stripe.webhooks.constructEvent(body, live, newWebhookSecret(), 300)).toThrow();
    // Outside a grace period: one signature, of the endpoint's secret alone.
    const single = signatureHeader([secret], now(), body);
    expect(Stripe.webhooks.constructEvent(body, single, secret, 300)).toMatchObject({ id: 'e1' });
    expect(() => Stripe.webhooks.constructEvent(body, single, old, 300)).toThrow();
  });

  it('makes a fresh, prefixed secret every time', () => {
    expect(newWebhookSecret()).toMatch(/^whsec_[\w-]{43}$/);
    expect(newWebhookSecret()).not.toBe(newWebhookSecret());
  });
});

describe('retry backoff', () => {
  it('starts at 30 s, doubles, and stops growing at 6 hours (the shortest draw is half of that)', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 0))).toEqual([15_000, 30_000, 60_000, 120_000]);
    expect(retryDelayMs(20, 0)).toBe(3 * 60 * 60_000);
    expect(retryDelayMs(200, 0)).toBe(3 * 60 * 60_000);
  });

  it("scales the whole schedule by its first wait (the tests' 50 ms), the longest wait with it", () => {
    expect([1, 2, 3].map((n) => retryDelayMs(n, 0, 50))).toEqual([25, 50, 100]);
    expect(retryDelayMs(30, 0, 50)).toBe(18_000);
    expect(retryDelayMs(30, 0.999999, 50)).toBe(36_000);
  });

  it('draws each wait between half and all of its ceiling', () => {
    expect(retryDelayMs(3, 0)).toBe(60_000);
    expect(retryDelayMs(3, 0.5)).toBe(90_000);
    for (let i = 0; i < 100; i++) {
      const wait = retryDelayMs(5, Math.random());
      expect(wait).toBeGreaterThanOrEqual(240_000);
      expect(wait).toBeLessThanOrEqual(480_000);
    }
  });
});
