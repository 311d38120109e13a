// The session service itself, under a clock of the test's own: the edges a request through the app cannot pin
// (how often a read writes last_used_at, the refusal of another portal's token). Mutation testing
// (stryker.config.mjs) found both unchecked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionService } from '../src/services/auth/session-service.js';
import { sha256 } from '../src/services/auth/secrets.js';
import { BETA, Harness, createClock } from './helpers/harness.js';

const h = new Harness();
beforeAll(() => h.start());
afterAll(() => h.stop());

const lastUsed = async (token: string) =>
  (
    await h.db
      .selectFrom('access_tokens')
      .select('last_used_at')
      .where('token_hash', '=', sha256(token))
      .executeTakeFirstOrThrow()
  ).last_used_at.getTime();

describe('session service', () => {
  it('writes last_used_at at most once a minute: not 59 s after the last write, at 60 s', async () => {
    const clock = createClock(Date.UTC(2026, 0, 5, 9));
    const sessions = createSessionService(h.db, clock.now);
    const user = await h.createUser();
    const token = await sessions.issue(user.tenantId, user.id, null);
    const issued = clock.now().getTime();

    clock.advance(59_000);
    await sessions.authenticate(token, user.tenantId);
    expect(await lastUsed(token)).toBe(issued);

    clock.advance(1_000);
    await sessions.authenticate(token, user.tenantId);
    expect(await lastUsed(token)).toBe(issued + 60_000);
  });

  it("refuses a token at another tenant's portal with 403, and says why", async () => {
    const sessions = createSessionService(h.db, h.clock.now);
    const user = await h.createUser();
    const token = await sessions.issue(user.tenantId, user.id, null);
    await expect(sessions.authenticate(token, BETA)).rejects.toMatchObject({
      statusCode: 403,
      message: 'This session belongs to another portal.',
    });
  });
});
