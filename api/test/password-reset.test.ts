// Password reset end to end through the mail folder: the link comes from the tenant's domain, works once and
// for 60 minutes, sets the password, and ends every session and trusted device of the user.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BETA, Harness, PASSWORD, nextIp } from './helpers/harness.js';
import { linkToken, mailsTo, waitForMail } from './helpers/mail.js';
import { signIn } from './helpers/sign-in.js';

const h = new Harness();
beforeAll(() => h.start());
afterAll(() => h.stop());

const requestReset = (email: string, extra: { tenant?: number; headers?: Record<string, string> } = {}) =>
  h.call('POST', '/api/password/create', { ip: nextIp(), body: { email }, ...extra });

const reset = (token: string, password: string, tenant?: number) =>
  h.call('POST', '/api/password/reset', {
    ip: nextIp(),
    tenant,
    body: { token, password, password_confirmation: password },
  });

describe('password reset', () => {
  it('known and unknown emails get the same answer', async () => {
    const user = await h.createUser();
    const known = await requestReset(user.email);
    const unknown = await requestReset('nobody-here@example.test');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(known.json()).toEqual({
      data: { sent: true },
      message: 'If an account exists for that email, we have sent a link to reset its password.',
    });
  });

  it('end to end: mail -> link on the tenant domain (not Host) -> new password; sessions and devices end', async () => {
    const user = await h.createUser();
    const { token: session, deviceToken } = await signIn(h, { user });
    const res = await requestReset(user.email, {
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    expect(res.statusCode).toBe(200);
    const mail = await waitForMail(h.mailDir, user.email, 2); // the first mail was the OTP
    expect(mail.subject).toBe('Reset your Alpha Coaching password');
    const link = linkToken(mail, 'reset');
    expect(link.url.startsWith('https://portal.alpha-coaching.example/reset/')).toBe(true);
    expect(mail.text).not.toContain('evil.example');
    expect(link.token).toMatch(/^[\w-]{43}$/);

    const done = await reset(link.token, 'a brand new secret');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({
      data: { reset: true },
      message: 'Your password has been reset. Please log in with the new password.',
    });

    expect((await h.call('GET', '/api/v1/me', { token: session })).statusCode).toBe(401);
    const old = await h.call('POST', '/api/auth/loginotp', {
      ip: nextIp(),
      body: { email: user.email, password: PASSWORD },
    });
    expect(old.statusCode).toBe(422);
    h.clock.advance(61_000); // one OTP mail per minute: the login above sent one
    const fresh = await h.call('POST', '/api/auth/loginotp', {
      ip: nextIp(),
      body: { email: user.email, password: 'a brand new secret', device_token: deviceToken },
    });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().data.verified).toBe(false); // the trusted device was forgotten too

    const again = await reset(link.token, 'yet another secret');
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({
      error: { token: ['This password reset link is invalid or has expired. Request a new one.'] },
    });
  });

  it('using one link retires the user’s other reset links, sign-in links and codes', async () => {
    const user = await h.createUser();
    await requestReset(user.email);
    const older = linkToken(await waitForMail(h.mailDir, user.email, 1), 'reset').token;
    h.clock.advance(61_000); // one reset mail a minute
    await requestReset(user.email);
    const newer = linkToken(await waitForMail(h.mailDir, user.email, 2), 'reset').token;
    const otp = await h.startOtp(user);
    h.clock.advance(61_000); // one code or sign-in link mail a minute
    await h.call('POST', '/api/auth/loginotpfbs', {
      ip: nextIp(),
      body: { email: user.email, password: PASSWORD },
    });
    const signInLink = linkToken(await waitForMail(h.mailDir, user.email, 4), 'fbslogin').token;

    expect((await reset(newer, 'a brand new secret')).statusCode).toBe(200);
    const stale = await reset(older, 'the attacker’s choice');
    expect(stale.statusCode).toBe(422);
    expect(stale.json()).toEqual({
      error: { token: ['This password reset link is invalid or has expired. Request a new one.'] },
    });
    const code = await h.call('POST', '/api/v1/verifyOTP', {
      ip: otp.ip,
      body: { user_id: user.id, challenge: otp.challenge, otp: otp.code },
    });
    expect(code.json()).toEqual({
      error: { otp: ['This code has expired or was already used. Request a new code.'] },
    });
    const link = await h.call('POST', '/api/auth/fbslogin', { ip: nextIp(), body: { token: signInLink } });
    expect(link.statusCode).toBe(404);
  });

  it('a link expires after 60 minutes', async () => {
    const user = await h.createUser();
    await requestReset(user.email);
    const { token } = linkToken(await waitForMail(h.mailDir, user.email), 'reset');
    h.clock.advance(60 * 60_000);
    expect((await reset(token, 'a brand new secret')).statusCode).toBe(422);
  });

  it('a link of tenant A does nothing through tenant B', async () => {
    const user = await h.createUser();
    await requestReset(user.email);
    const { token } = linkToken(await waitForMail(h.mailDir, user.email), 'reset');
    expect((await reset(token, 'a brand new secret', BETA)).statusCode).toBe(422);
    expect((await reset(token, 'a brand new secret')).statusCode).toBe(200);
  });

  it('a tenant B request for a tenant A address sends nothing', async () => {
    const user = await h.createUser();
    expect((await requestReset(user.email, { tenant: BETA })).statusCode).toBe(200);
    // The mail goes after the answer: rather than pause, ask again in tenant A and wait for that mail. One
    // sent for tenant B would have started first, and would have taken the minute's one mail (a 2nd or none).
    await requestReset(user.email);
    await waitForMail(h.mailDir, user.email);
    const mails = await mailsTo(h.mailDir, user.email);
    expect(mails).toHaveLength(1);
    expect(linkToken(mails[0]!, 'reset').url).toMatch(/^https:\/\/portal\.alpha-coaching\.example\//);
  });

  it('passwords must be 8..128 characters and confirmed; nothing else is required', async () => {
    const user = await h.createUser();
    await requestReset(user.email);
    const { token } = linkToken(await waitForMail(h.mailDir, user.email), 'reset');
    const short = await reset(token, 'short');
    expect(short.json()).toEqual({ error: { password: ['Enter at least 8 characters.'] } });
    expect((await reset(token, 'x'.repeat(129))).statusCode).toBe(422);
    const mismatch = await h.call('POST', '/api/password/reset', {
      body: { token, password: 'long enough', password_confirmation: 'long enougH' },
    });
    expect(mismatch.json()).toEqual({
      error: { password_confirmation: ['The password confirmation does not match.'] },
    });
    expect((await reset(token, 'x'.repeat(128))).statusCode).toBe(200);
  });

  it('reset mails are limited to one per minute per account, silently', async () => {
    const user = await h.createUser();
    await requestReset(user.email);
    await waitForMail(h.mailDir, user.email);
    const refused = () => h.logs.filter((line) => line.includes('password reset mail not sent')).length;
    const before = refused();
    const second = await requestReset(user.email);
    expect(second.statusCode).toBe(200);
    // Sent (or not) after the answer: the refusal's log line is the sign that the attempt is over.
    await vi.waitFor(() => expect(refused()).toBe(before + 1), { timeout: 15_000 });
    expect(await mailsTo(h.mailDir, user.email)).toHaveLength(1);
    h.clock.advance(60_000);
    await requestReset(user.email);
    await waitForMail(h.mailDir, user.email, 2);
  });
});
