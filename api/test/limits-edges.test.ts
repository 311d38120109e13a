// The edges of `reserve` and `secondsUntil` (services/limits) on a real database: the last row a window allows,
// the minute between two sign-in mails to the millisecond, and the seconds a 429 names. The route tests go
// through these with round numbers; mutation testing (stryker.config.mjs) found the edges themselves unchecked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reserve, secondsUntil, spendKeyRequest } from '../src/services/limits/limits.js';
import { recordEvent } from '../src/services/throttle/auth-event-repository.js';
import { ALPHA, Harness } from './helpers/harness.js';

const h = new Harness();
beforeAll(() => h.start());
afterAll(() => h.stop());

const MINUTE = 60_000;
const start = Date.UTC(2026, 2, 2, 8);
let nextAccount = 1;

/** Reserves a sign-in mail for `userId` at `ms`, storing its auth event as the OTP service does. */
const mail = (userId: number, ms: number) =>
  reserve(h.db, 'sign-in mails', { tenantId: ALPHA, userId }, new Date(ms), (trx) =>
    recordEvent(trx, {
      tenant_id: ALPHA,
      kind: 'otp_sent',
      subject: String(userId),
      ip: '10.9.9.9',
      created_at: new Date(ms),
    }),
  );

describe('secondsUntil', () => {
  const now = new Date(start);
  it('rounds a part of a second up, and is never under one', () => {
    expect(secondsUntil(new Date(start - 600), 3_000, now)).toBe(3);
    expect(secondsUntil(new Date(start - 2_000), 3_000, now)).toBe(1);
    expect(secondsUntil(new Date(start - 10_000), 3_000, now)).toBe(1);
  });

  it('counts a whole window from now when nothing started it', () => {
    expect(secondsUntil(null, 90_000, now)).toBe(90);
  });
});

describe('reserve', () => {
  it('allows the count-th row of a window and refuses the next, naming when the oldest leaves it', async () => {
    const account = 9_000 + nextAccount++;
    for (let i = 0; i < 5; i++) await mail(account, start + i * 2 * MINUTE);
    const refused = mail(account, start + 10 * MINUTE);
    await expect(refused).rejects.toMatchObject({
      statusCode: 429,
      retryAfterSeconds: 50 * 60,
      message: 'Too many emails. Try again in 3000 seconds.',
    });
    // The oldest row is out of the window once an hour has passed since it: a slot again.
    await expect(mail(account, start + 60 * MINUTE + 1)).resolves.toBeTypeOf('number');
  });

  it('keeps a minute between two sign-in mails, to the millisecond', async () => {
    const account = 9_000 + nextAccount++;
    await mail(account, start);
    await expect(mail(account, start + MINUTE - 1)).rejects.toMatchObject({
      statusCode: 429,
      retryAfterSeconds: 1,
    });
    await expect(mail(account, start + MINUTE)).resolves.toBeTypeOf('number');
  });
});

describe('spendKeyRequest', () => {
  it("allows a key's per-minute count, refuses the next within the minute, and keeps keys apart", async () => {
    await spendKeyRequest(h.db, 70_001, 2);
    await spendKeyRequest(h.db, 70_001, 2);
    const refused = spendKeyRequest(h.db, 70_001, 2);
    await expect(refused).rejects.toMatchObject({ statusCode: 429 });
    const { retryAfterSeconds } = (await refused.catch((error: unknown) => error)) as {
      retryAfterSeconds: number;
    };
    expect(retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(retryAfterSeconds).toBeLessThanOrEqual(60);
    await expect(spendKeyRequest(h.db, 70_002, 2)).resolves.toBeUndefined();
  });
});
