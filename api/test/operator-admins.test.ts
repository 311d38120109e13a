// A tenant's first admin, made by the deployment's operator (`POST /ops/v1/admins`, the API's OPS_TOKEN as the
// bearer; `portal admin invite` calls it): invited by mail on the tenant's domain, they set a password and sign
// in as the tenant's admin. Safe to run again (a pending admin is invited again, an active one left alone); a
// person of another role keeps it; no token, a wrong one, or an API without OPS_TOKEN is refused; audited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../src/config.js';
import { ALPHA, Harness, nextIp } from './helpers/harness.js';
import { linkToken, mailsTo, waitForMail } from './helpers/mail.js';
import { signIn } from './helpers/sign-in.js';

const TOKEN = 'ops-token-for-the-tests-0123456789abcdef';
const h = new Harness();
beforeAll(async () => {
  await h.start({ opsToken: TOKEN });
});
afterAll(() => h.stop());

const unique = Math.random().toString(36).slice(2, 8);
const admin = (local: string, tenant = 'alpha') => ({
  tenant,
  email: `${local}.${unique}@alpha.test`,
  first_name: 'Olga',
  last_name: 'Operator',
});

const invite = (body: object, token: string | null = TOKEN, app = h.app) =>
  app.inject({
    method: 'POST',
    url: '/ops/v1/admins',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    remoteAddress: nextIp(),
    payload: body,
  });

describe('POST /ops/v1/admins', () => {
  it('invites a new admin, who sets a password from the mail and signs in as the tenant admin', async () => {
    const body = admin('first');
    const res = await invite({ ...body, email: body.email.toUpperCase() });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      outcome: 'invited',
      tenant: 'Alpha Coaching',
      person: { email: body.email, role: 'admin', status: 'pending' },
    });
    const mail = await waitForMail(h.mailDir, body.email);
    // In the business's name: no admin of the tenant invited them.
    expect(mail.subject).toBe('You are invited to Alpha Coaching');
    const link = linkToken(mail, 'invitation');
    expect(link.url.startsWith('https://portal.alpha-coaching.example/invitation/')).toBe(true);
    const set = await h.call('POST', '/api/password/invitation', {
      ip: nextIp(),
      body: {
        token: link.token,
        password: 'first admin password',
        password_confirmation: 'first admin password',
      },
    });
    expect(set.statusCode, set.body).toBe(200);
    const id = res.json().data.person.id as number;
    const { token } = await signIn(h, {
      user: { id, email: body.email, tenantId: ALPHA },
      password: 'first admin password',
    });
    const people = await h.call('GET', '/api/v1/admin/people', { token });
    expect(people.statusCode, people.body).toBe(200);
    const audit = await h.call('GET', `/api/v1/admin/audit?person_id=${id}`, { token });
    expect(audit.json().data.map((e: { action: string; actor_name: string }) => e.actor_name)).toContain(
      'Portal operator',
    );

    // Again, once active: left alone, no mail.
    const again = await invite(body);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.outcome).toBe('already an admin');
    expect(await mailsTo(h.mailDir, body.email)).toHaveLength(2); // the invitation, the sign-in's code
  });

  it('invites a pending admin again with a new link', async () => {
    const body = admin('pending');
    expect((await invite(body)).statusCode).toBe(201);
    const again = await invite(body);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ outcome: 'invited again', person: { status: 'pending' } });
    await waitForMail(h.mailDir, body.email, 2);
  });

  it('leaves a person of another role as they are, and says what to do', async () => {
    const client = await h.createUser({ email: `client.${unique}@alpha.test` });
    const res = await invite({ ...admin('x'), email: client.email });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      `${client.email} is a client of Alpha Coaching. Invite another address as admin, or ask an admin of Alpha Coaching to change their role under People.`,
    );
    const row = await h.db
      .selectFrom('users')
      .select('role_id')
      .where('id', '=', client.id)
      .executeTakeFirst();
    expect(row?.role_id).toBe(3);
  });

  it('names a tenant this API does not serve, and how to fix it', async () => {
    const res = await invite(admin('nobody', 'newco'));
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(
      'This API serves no tenant "newco". It reads tenants/ when it starts: deploy tenants/newco and restart it.',
    );
  });

  it('refuses no token, a wrong one, and every call of an API started without OPS_TOKEN', async () => {
    const body = admin('refused');
    expect((await invite(body, null)).statusCode).toBe(401);
    const wrong = await invite(body, `${TOKEN}x`);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('This is not the operator token of this API (its OPS_TOKEN).');
    const off = await h.build({ opsToken: undefined });
    try {
      const res = await invite(body, TOKEN, off);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(
        'Operator calls are off on this API: start it with OPS_TOKEN set to turn them on.',
      );
    } finally {
      await off.close();
    }
    expect(await mailsTo(h.mailDir, body.email)).toEqual([]);
  });

  it('takes OPS_TOKEN from the environment, and refuses one too short to be a secret', () => {
    expect(readConfig({ OPS_TOKEN: TOKEN }).opsToken).toBe(TOKEN);
    expect(readConfig({}).opsToken).toBeUndefined();
    expect(() => readConfig({ OPS_TOKEN: 'short' })).toThrow('OPS_TOKEN must be at least 32 characters long');
  });
});
