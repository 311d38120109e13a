// Each multi-step write is one transaction, so a failure half-way changes nothing. The failure is a
// real one: a CHECK constraint that refuses the second step's row for this test's user only (NOT VALID, so the
// rows already there are not checked), dropped again before the retry.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Harness, PASSWORD, nextIp } from './helpers/harness.js';
import { linkToken, waitForMail } from './helpers/mail.js';
import { signIn } from './helpers/sign-in.js';

const h = new Harness();
beforeAll(() => h.start());
afterAll(() => h.stop());

/** Runs `step` while `table` refuses the rows `check` rejects, then lifts the refusal. */
async function failing<T>(table: string, check: string, step: () => Promise<T>): Promise<T> {
  await sql`ALTER TABLE ${sql.table(table)} ADD CONSTRAINT test_failure CHECK (${sql.raw(check)}) NOT VALID`.execute(
    h.db,
  );
  try {
    return await step();
  } finally {
    await sql`ALTER TABLE ${sql.table(table)} DROP CONSTRAINT test_failure`.execute(h.db);
  }
}

const sessionsOf = async (userId: number) =>
  (await h.db.selectFrom('access_tokens').select('id').where('user_id', '=', userId).execute()).length;

describe('one transaction per multi-step write', () => {
  it('verifyOTP: a failure after the code is consumed leaves the code usable and no session', async () => {
    const user = await h.createUser();
    const { challenge, code, ip } = await h.startOtp(user);
    const verify = () =>
      h.call('POST', '/api/v1/verifyOTP', { ip, body: { user_id: user.id, challenge, otp: code } });
    const failed = await failing('trusted_devices', `user_id <> ${user.id}`, verify);
    expect(failed.statusCode).toBe(500);
    expect(await sessionsOf(user.id)).toBe(0);
    const retried = await verify();
    expect(retried.statusCode).toBe(200);
    expect(await sessionsOf(user.id)).toBe(1);
  });

  it('fbslogin: a failure after the link is consumed leaves the link usable and no session', async () => {
    const user = await h.createUser();
    await h.call('POST', '/api/auth/loginotpfbs', {
      ip: nextIp(),
      body: { email: user.email, password: PASSWORD },
    });
    const { token } = linkToken(await waitForMail(h.mailDir, user.email), 'fbslogin');
    const exchange = () => h.call('POST', '/api/auth/fbslogin', { ip: nextIp(), body: { token } });
    const failed = await failing('trusted_devices', `user_id <> ${user.id}`, exchange);
    expect(failed.statusCode).toBe(500);
    expect(await sessionsOf(user.id)).toBe(0);
    expect((await exchange()).statusCode).toBe(200);
  });

  it('password reset: a failure while ending the sessions keeps the old password and the link', async () => {
    const user = await h.createUser();
    await signIn(h, { user });
    await h.call('POST', '/api/password/create', { ip: nextIp(), body: { email: user.email } });
    const { token } = linkToken(await waitForMail(h.mailDir, user.email, 2), 'reset');
    const reset = () =>
      h.call('POST', '/api/password/reset', {
        ip: nextIp(),
        body: { token, password: 'a brand new secret', password_confirmation: 'a brand new secret' },
      });
    const failed = await failing('access_tokens', `revoked_at IS NULL OR user_id <> ${user.id}`, reset);
    expect(failed.statusCode).toBe(500);
    h.clock.advance(61_000); // one OTP mail a minute: the login above sent one
    const old = await h.call('POST', '/api/auth/loginotp', {
      ip: nextIp(),
      body: { email: user.email, password: PASSWORD },
    });
    expect(old.statusCode).toBe(200);
    expect((await reset()).statusCode).toBe(200);
  });
});
