// loginotpfbs mails a one-click sign-in link (/fbslogin/{token}); POST /api/auth/fbslogin exchanges its token
// once, within 10 minutes, for a session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BETA, Harness, PASSWORD, nextIp } from './helpers/harness.js';
import { linkToken, mailsTo, waitForMail } from './helpers/mail.js';
import { signIn } from './helpers/sign-in.js';

const h = new Harness();
beforeAll(() => h.start());
afterAll(() => h.stop());

const start = (email: string, extra: object = {}) =>
  h.call('POST', '/api/auth/loginotpfbs', { ip: nextIp(), body: { email, password: PASSWORD, ...extra } });

const exchange = (token: string, tenant?: number) =>
  h.call('POST', '/api/auth/fbslogin', { ip: nextIp(), tenant, body: { token, browser: 'Safari 19' } });

async function mailedLink(email: string) {
  return linkToken(await waitForMail(h.mailDir, email), 'fbslogin');
}

describe('sign-in links', () => {
  it('answers an opaque reference in data.otp and mails a link on the tenant domain', async () => {
    const user = await h.createUser();
    const res = await start(user.email);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toMatchObject({ verified: false, user_id: user.id, expires_in: 600 });
    expect(body.data.otp).toMatch(/^[\w-]{22}$/);
    expect(typeof body.encoded).toBe('string');
    const link = await mailedLink(user.email);
    expect(link.url.startsWith('https://portal.alpha-coaching.example/fbslogin/')).toBe(true);
    expect(res.body).not.toContain(link.token);
    expect(h.logs.join('\n')).not.toContain(link.token);
  });

  it('the token signs in once, with the SPEC user fields and a device token', async () => {
    const user = await h.createUser();
    await start(user.email);
    const { token } = await mailedLink(user.email);
    const res = await exchange(token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: user.id, email: user.email });
    expect(res.json().data.pas_token).toBe(res.json().data.access_token);
    expect(res.json().device_token).toMatch(/^[\w-]{43}$/);
    const again = await exchange(token);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({
      message: 'This sign-in link is invalid, used or expired. Please log in again.',
    });
  });

  it('expires after 10 minutes and never works through another tenant', async () => {
    const user = await h.createUser();
    await start(user.email);
    const { token } = await mailedLink(user.email);
    expect((await exchange(token, BETA)).statusCode).toBe(404);
    h.clock.advance(10 * 60_000);
    expect((await exchange(token)).statusCode).toBe(404);
  });

  it('a wrong password mails nothing; a trusted device answers verified', async () => {
    const user = await h.createUser();
    const wrong = await h.call('POST', '/api/auth/loginotpfbs', {
      ip: nextIp(),
      body: { email: user.email, password: 'nope nope' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(await mailsTo(h.mailDir, user.email)).toHaveLength(0);
    const { deviceToken } = await signIn(h, { user });
    const trusted = await start(user.email, { device_token: deviceToken });
    expect(trusted.json().data).toEqual({ verified: true, user_id: user.id });
  });

  it('shares the OTP mail limit: a second link within a minute is 429', async () => {
    const user = await h.createUser();
    expect((await start(user.email)).statusCode).toBe(200);
    const res = await start(user.email);
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('60');
  });
});
