// A change of a person's login email through the API on a real migrated database (PGlite; PostgreSQL with
// scripts/with-postgres.sh). An admin cannot take an account over by changing its address: for a person who has
// a password the change waits for the new address to open a single-use link; when it does, the old address is
// told and every session, trusted device, code and reset link of the account ends, with an audit entry. A person
// who never set a password changes address at once, and the invitations sent to the old address stop working.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALPHA, Harness, PASSWORD, nextIp } from './helpers/harness.js';
import type { TestUser } from './helpers/harness.js';
import { linkToken, mailsTo, waitForMail } from './helpers/mail.js';
import { signIn } from './helpers/sign-in.js';

const h = new Harness();
let adminToken: string;
beforeAll(async () => {
  await h.start();
  adminToken = (await signIn(h, { role_id: 1, first_name: 'Ada', last_name: 'Admin' })).token;
});
afterAll(() => h.stop());

let n = 0;
const fresh = (name = 'new') => `${name}${++n}.${Math.random().toString(36).slice(2, 7)}@example.test`;
const asAdmin = (url: string, body: unknown = {}) =>
  h.call('POST', url, { token: adminToken, tenant: ALPHA, ip: nextIp(), body });
const confirm = (token: string) =>
  h.call('POST', '/api/email-change/confirm', { tenant: ALPHA, ip: nextIp(), body: { token } });
const me = (token: string) => h.call('GET', '/api/v1/me', { tenant: ALPHA, token });
const emailOf = async (id: number) =>
  (await h.db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirstOrThrow()).email;
const auditActions = async (id: number) =>
  (
    await h.db
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('person_id', '=', id)
      .orderBy('id')
      .execute()
  ).map((e) => [e.action, e.before, e.after]);

async function confirmLink(to: string, count = 1) {
  const mail = await waitForMail(h.mailDir, to, count);
  expect(mail.subject).toBe('Confirm your new login email for Alpha Coaching');
  return linkToken(mail, 'email-change');
}

/** An activated person signed in, with a trusted device and a reset link mailed to their address. */
async function activated(): Promise<TestUser & { token: string; deviceToken: string; resetToken: string }> {
  const {
    user: person,
    token,
    deviceToken,
  } = await signIn(h, { role_id: 3, first_name: 'Vic', last_name: 'Tim' });
  await h.call('POST', '/api/password/create', {
    tenant: ALPHA,
    ip: nextIp(),
    body: { email: person.email },
  });
  const reset = linkToken(await waitForMail(h.mailDir, person.email, 2), 'reset');
  return { ...person, token, deviceToken, resetToken: reset.token };
}

describe('an activated person’s new login email', () => {
  it('waits for the new address; the admin cannot take the account over in the meantime', async () => {
    const person = await activated();
    const attacker = fresh('attacker');
    const res = await asAdmin(`/api/v1/admin/people/${person.id}`, { email: attacker });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      email: person.email,
      email_change: { email: attacker, expired: false },
    });
    expect(await emailOf(person.id)).toBe(person.email);
    // A reset asked for the new address reaches nobody: no account has it yet.
    await h.call('POST', '/api/password/create', { tenant: ALPHA, ip: nextIp(), body: { email: attacker } });
    await confirmLink(attacker);
    expect((await mailsTo(h.mailDir, attacker)).map((m) => m.subject)).toEqual([
      'Confirm your new login email for Alpha Coaching',
    ]);
    // The person is still signed in and still signs in with the old address.
    expect((await me(person.token)).statusCode).toBe(200);
    expect(await auditActions(person.id)).toEqual([
      ['person.email_change_requested', { email: person.email }, { pending_email: attacker }],
    ]);
  });

  it('takes effect through the link once: the old address is told, every session, device, code and link ends', async () => {
    const person = await activated();
    const next = fresh();
    await asAdmin(`/api/v1/admin/people/${person.id}`, { email: next });
    const { token } = await confirmLink(next);

    const res = await confirm(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      data: { email: next },
      message: `Your login email is now ${next}. You have been signed out everywhere: sign in with your new email.`,
    });
    expect(await emailOf(person.id)).toBe(next);
    expect((await me(person.token)).statusCode).toBe(401);
    const notice = await waitForMail(h.mailDir, person.email, 3);
    expect(notice.subject).toBe('Your Alpha Coaching login email has changed');
    expect(notice.text).toContain(`From now on you sign in to Alpha Coaching with ${next}`);
    // The reset link mailed to the old address before the change no longer works.
    const reset = await h.call('POST', '/api/password/reset', {
      tenant: ALPHA,
      ip: nextIp(),
      body: {
        token: person.resetToken,
        password: 'a new password 1',
        password_confirmation: 'a new password 1',
      },
    });
    expect(reset.statusCode).toBe(422);
    // The device trusted before the change asks for a code again: the sign-in with the new address starts an OTP.
    const signIn = await h.call('POST', '/api/auth/studentlogin', {
      tenant: ALPHA,
      ip: nextIp(),
      body: { email: next, password: PASSWORD, device_token: person.deviceToken },
    });
    expect(signIn.json().data?.access_token).toBeUndefined();

    const again = await confirm(token);
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe(
      'This link has already been used. Sign in with the email address it confirmed.',
    );
    expect((await auditActions(person.id)).map(([action]) => action)).toEqual([
      'person.email_change_requested',
      'person.email_changed',
    ]);
  });

  it('says why a link does not work: expired, cancelled by the admin, replaced by a resend, unknown', async () => {
    const person = await activated();
    const first = fresh();
    await asAdmin(`/api/v1/admin/people/${person.id}`, { email: first });
    const expired = await confirmLink(first);
    // A day on (moved on the row: the admin's session would not outlive a clock moved by a day).
    await h.db
      .updateTable('email_changes')
      .set({ expires_at: h.clock.now() })
      .where('user_id', '=', person.id)
      .execute();
    expect((await confirm(expired.token)).json().message).toBe(
      'This link has expired. Ask your coaching team to send a new one.',
    );

    const resent = await asAdmin(`/api/v1/admin/people/${person.id}/email-change/resend`);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().data.email_change).toMatchObject({ email: first, expired: false });
    const second = await confirmLink(first, 2);
    const cancelled = await asAdmin(`/api/v1/admin/people/${person.id}/email-change/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.email_change).toBeNull();
    for (const token of [expired.token, second.token]) {
      const res = await confirm(token);
      expect(res.statusCode).toBe(410);
      expect(res.json().message).toMatch(/^This email change was cancelled or replaced by a newer one/);
    }
    expect(await emailOf(person.id)).toBe(person.email);
    expect((await asAdmin(`/api/v1/admin/people/${person.id}/email-change/cancel`)).statusCode).toBe(409);
    expect((await confirm('not-a-real-token')).statusCode).toBe(404);
  });
});

describe('a person who never set a password', () => {
  it('changes address at once, and the invitations sent to the old address stop working', async () => {
    const old = fresh('invitee');
    const added = await asAdmin('/api/v1/admin/people', {
      email: old,
      first_name: 'New',
      last_name: 'Comer',
      invite: true,
    });
    expect(added.statusCode, added.body).toBe(201);
    const invitation = linkToken(await waitForMail(h.mailDir, old), 'invitation');
    const next = fresh('invitee');
    const res = await asAdmin(`/api/v1/admin/people/${added.json().data.id}`, { email: next });
    expect(res.json().data).toMatchObject({ email: next, email_change: null, invitation: null });
    const accept = await h.call('POST', '/api/password/invitation', {
      tenant: ALPHA,
      ip: nextIp(),
      body: {
        token: invitation.token,
        password: 'my first password',
        password_confirmation: 'my first password',
      },
    });
    expect(accept.statusCode).toBe(422);
  });
});
