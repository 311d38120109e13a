// Credentials: unknown email and wrong password are indistinguishable, failures are throttled per account
// and per IP, tenants are isolated, and bodies are validated strictly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BETA, Harness, PASSWORD, nextIp } from './helpers/harness.js';
import { signIn } from './helpers/sign-in.js';

const h = new Harness();
beforeAll(() => h.start());
afterAll(() => h.stop());

const loginOtp = (body: object, ip = nextIp(), tenant?: number) =>
  h.call('POST', '/api/auth/loginotp', { ip, tenant, body });

describe('credentials', () => {
  it('unknown email and wrong password get the same status and body', async () => {
    const user = await h.createUser();
    for (const url of ['/api/auth/loginotp', '/api/auth/studentlogin', '/api/auth/loginotpfbs']) {
      const wrong = await h.call('POST', url, {
        ip: nextIp(),
        body: { email: user.email, password: 'wrong password' },
      });
      const unknown = await h.call('POST', url, {
        ip: nextIp(),
        body: { email: 'nobody@example.test', password: 'wrong password' },
      });
      expect(wrong.statusCode).toBe(422);
      expect(unknown.statusCode).toBe(422);
      expect(unknown.body).toBe(wrong.body);
      expect(wrong.json()).toEqual({ error: { email: ['These credentials do not match our records.'] } });
    }
  });

  it('emails are matched case-insensitively', async () => {
    const user = await h.createUser();
    const res = await loginOtp({ email: `  ${user.email.toUpperCase()} `.trim(), password: PASSWORD });
    expect(res.statusCode).toBe(200);
  });

  it('5 failures lock the account for 15 minutes (429 + Retry-After), even with the right password', async () => {
    const user = await h.createUser();
    for (let i = 0; i < 5; i++)
      expect((await loginOtp({ email: user.email, password: 'nope nope' })).statusCode).toBe(422);
    const blocked = await loginOtp({ email: user.email, password: PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('900');
    expect(blocked.json().message).toBe('Too many login attempts. Try again in 900 seconds.');
    h.clock.advance(15 * 60_000);
    expect((await loginOtp({ email: user.email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('20 wrong passwords at once: at most 5 are checked, the rest 429, and only those are recorded', async () => {
    const user = await h.createUser();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => loginOtp({ email: user.email, password: 'nope nope' })),
    );
    const checked = answers.filter((res) => res.statusCode === 422).length;
    expect(answers.filter((res) => res.statusCode === 429)).toHaveLength(20 - checked);
    expect(checked).toBeLessThanOrEqual(5);
    const failures = await h.db
      .selectFrom('auth_events')
      .select('id')
      .where('subject', '=', user.email)
      .execute();
    expect(failures).toHaveLength(checked);
  });

  it('past the account limit, a device the user trusts still signs in (the lock is not everyone’s)', async () => {
    const user = await h.createUser();
    const other = await h.createUser();
    const { deviceToken } = await signIn(h, { user });
    const { deviceToken: othersDevice } = await signIn(h, { user: other });
    for (let i = 0; i < 5; i++) await loginOtp({ email: user.email, password: 'nope nope' });
    const right = { email: user.email, password: PASSWORD };
    expect((await loginOtp(right)).statusCode).toBe(429);
    expect((await loginOtp({ ...right, device_token: othersDevice })).statusCode).toBe(429);
    const trusted = await loginOtp({ ...right, device_token: deviceToken });
    expect(trusted.statusCode).toBe(200);
    expect(trusted.json().data).toEqual({ verified: true, user_id: user.id });
    for (let i = 0; i < 5; i++) await loginOtp({ email: user.email, password: 'nope nope' });
    const student = await h.call('POST', '/api/auth/studentlogin', {
      ip: nextIp(),
      body: { ...right, device_token: deviceToken },
    });
    expect(student.statusCode).toBe(200);
    expect(student.json().data.id).toBe(user.id);
  });

  it('a trusted device does not lift the per-IP limit', async () => {
    const user = await h.createUser();
    const { deviceToken } = await signIn(h, { user });
    const ip = nextIp();
    for (let i = 0; i < 20; i++)
      await loginOtp({ email: `spray.device${i}@example.test`, password: 'nope' }, ip);
    const res = await loginOtp({ email: user.email, password: PASSWORD, device_token: deviceToken }, ip);
    expect(res.statusCode).toBe(429);
  });

  it('an unknown email is throttled exactly like a real one', async () => {
    const ghost = 'ghost.throttle@example.test';
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await loginOtp({ email: ghost, password: 'nope nope' }));
    expect(answers.map((r) => r.statusCode)).toEqual([422, 422, 422, 422, 422, 429]);
    expect(answers[5]!.headers['retry-after']).toBe('900');
  });

  it('20 failures from one IP block that IP for every account', async () => {
    const ip = nextIp();
    for (let i = 0; i < 20; i++) {
      expect(
        (await loginOtp({ email: `spray${i}@example.test`, password: 'nope nope' }, ip)).statusCode,
      ).toBe(422);
    }
    const user = await h.createUser();
    const blocked = await loginOtp({ email: user.email, password: PASSWORD }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await loginOtp({ email: user.email, password: PASSWORD }, nextIp())).statusCode).toBe(200);
  });

  it('a success clears the account’s failure count', async () => {
    const user = await h.createUser();
    for (let i = 0; i < 4; i++) await loginOtp({ email: user.email, password: 'nope nope' });
    expect((await loginOtp({ email: user.email, password: PASSWORD })).statusCode).toBe(200);
    for (let i = 0; i < 4; i++)
      expect((await loginOtp({ email: user.email, password: 'nope nope' })).statusCode).toBe(422);
  });

  it('a user of tenant A cannot log in through tenant B', async () => {
    const user = await h.createUser();
    const res = await loginOtp({ email: user.email, password: PASSWORD }, nextIp(), BETA);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error: { email: ['These credentials do not match our records.'] } });
    const noTenant = await h.call('POST', '/api/auth/loginotp', {
      tenant: null,
      body: { email: user.email, password: PASSWORD },
    });
    expect(noTenant.statusCode).toBe(422);
    expect(noTenant.json()).toEqual({ error: { 'x-tenant-id': ['This field is required.'] } });
    expect((await loginOtp({ email: user.email, password: PASSWORD }, nextIp(), 999)).statusCode).toBe(404);
  });
});

describe('validation', () => {
  it('unknown fields are rejected with 422 naming them: no mass assignment', async () => {
    const user = await h.createUser();
    const res = await loginOtp({
      email: user.email,
      password: PASSWORD,
      role_id: 1,
      pas_token: 'x',
      company_id: 2,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      error: {
        role_id: ['This field is not allowed.'],
        pas_token: ['This field is not allowed.'],
        company_id: ['This field is not allowed.'],
      },
    });
    const reset = await h.call('POST', '/api/password/reset', {
      body: {
        token: 't',
        password: 'long enough',
        password_confirmation: 'long enough',
        group_coaching: true,
      },
    });
    expect(reset.json()).toEqual({ error: { group_coaching: ['This field is not allowed.'] } });
  });

  it('missing and malformed fields name the field', async () => {
    const res = await loginOtp({ email: 'not-an-email' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toEqual({
      email: ['Enter an email address, like name@example.com.'],
      password: ['This field is required.'],
    });
    const otp = await h.call('POST', '/api/v1/verifyOTP', {
      body: { user_id: 1, challenge: 'c', otp: '12345a' },
    });
    expect(otp.json()).toEqual({ error: { otp: ['Enter the 6-digit code from the email.'] } });
  });

  it('a JSON body over 100 KB is refused with 413', async () => {
    const res = await loginOtp({ email: 'a@example.test', password: 'x'.repeat(101 * 1024) });
    expect(res.statusCode).toBe(413);
    expect(Object.keys(res.json())).toEqual(['message']);
  });

  it('malformed JSON is a 400 with a message', async () => {
    const res = await h.call('POST', '/api/auth/loginotp', {
      body: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('message');
  });
});
