// An admin's change reaches a person who is signed in, through the API on a real migrated database (PGlite;
// PostgreSQL with scripts/with-postgres.sh): decisions read the user as the database has it now, every answer
// to a signed-in caller carries the user's version (X-User-Version) so the portal knows to refresh its copy,
// and a session ended by a deactivation says so (401 with reason "deactivated") rather than look expired.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { company } from './helpers/company-files.js';
import { ALPHA, Harness, nextIp } from './helpers/harness.js';
import { signIn } from './helpers/sign-in.js';

const h = new Harness();
let adminToken: string;
beforeAll(async () => {
  await h.start();
  adminToken = (await signIn(h, { role_id: 1 })).token;
});
afterAll(() => h.stop());

const asAdmin = (url: string, body: unknown) =>
  h.call('POST', url, { token: adminToken, tenant: ALPHA, ip: nextIp(), body });
const me = (token: string) => h.call('GET', '/api/v1/me', { tenant: ALPHA, token });

describe('a signed-in person changed by an admin', () => {
  it('is answered with a new version at once, and its company’s files open without a new sign-in', async () => {
    const [member] = await company(h);
    const { user: client, token } = await signIn(h, { role_id: 3 });
    const before = await me(token);
    const version = before.headers['x-user-version'];
    expect(version).toEqual(expect.any(String));
    expect(before.json().data.company_id).toBeNull();
    expect((await h.call('GET', `/api/v1/companies/files/${member!.companyId}`, { token })).statusCode).toBe(
      403,
    );

    h.clock.advance(1000);
    const linked = await asAdmin(`/api/v1/admin/people/${client.id}`, { company_id: member!.companyId });
    expect(linked.statusCode, linked.body).toBe(200);

    const after = await me(token);
    expect(after.headers['x-user-version']).not.toBe(version);
    expect(after.json().data.company_id).toBe(member!.companyId);
    const files = await h.call('GET', `/api/v1/companies/files/${member!.companyId}`, { token });
    expect(files.statusCode, files.body).toBe(200);
    expect(files.headers['x-user-version']).toBe(after.headers['x-user-version']);
    // GraphQL's answers carry it too.
    const gapi = await h.app.inject({
      method: 'POST',
      url: '/gapi',
      headers: { 'x-tenant-id': String(ALPHA), token },
      payload: { query: `{ member(user_id: ${client.id}) { company_id } }` },
    });
    expect(gapi.headers['x-user-version']).toBe(after.headers['x-user-version']);
  });

  it('lets the portal read the version across origins', async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: '/health',
      headers: { origin: 'https://portal.alpha-coaching.example' },
    });
    expect(String(res.headers['access-control-expose-headers'])).toContain('X-User-Version');
  });

  it('tells a deactivated person’s open session why it ended, and what to do', async () => {
    const { user: client, token } = await signIn(h, { role_id: 3 });
    expect((await asAdmin(`/api/v1/admin/people/${client.id}/deactivate`, {})).statusCode).toBe(200);
    const res = await me(token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      message:
        'This account has been deactivated. Ask your coaching team to reactivate it if you need it again.',
      reason: 'deactivated',
    });
    // A session that simply ended still reads as before.
    const otherToken = (await signIn(h, { role_id: 3 })).token;
    await h.call('GET', '/api/auth/logout', { tenant: ALPHA, token: otherToken });
    expect((await me(otherToken)).json()).toEqual({ message: 'Unauthenticated.' });
  });
});
