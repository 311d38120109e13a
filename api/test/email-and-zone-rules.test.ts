// One email rule and one time-zone rule for every door that sets a person's address or zone, through the API on
// a real migrated database (PGlite; PostgreSQL with scripts/with-postgres.sh): the admin's form, the integration
// API (the CSV import's door) and the person's own profile. A list of addresses or an invisible character is
// refused everywhere; a canonical zone name (Asia/Kolkata) and its old alias (Asia/Calcutta) are both taken and
// the canonical one is stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPeopleCsv } from '../../contracts/people-csv.js';
import { checkEmail } from '../../contracts/email-address.js';
import { canonicalZone, zoneNames } from '../../contracts/time-zones.js';
import { ALPHA, Harness, nextIp } from './helpers/harness.js';
import { signIn } from './helpers/sign-in.js';

const h = new Harness();
let adminToken: string;
let apiKey: string;
let me: { id: number; token: string };
beforeAll(async () => {
  await h.start({ keyRequestsPerMinute: 1000 });
  adminToken = (await signIn(h, { role_id: 1 })).token;
  const key = await h.call('POST', '/api/v1/admin/api-keys', {
    token: adminToken,
    tenant: ALPHA,
    ip: nextIp(),
    body: { name: 'CRM', scope: 'read-write' },
  });
  expect(key.statusCode, key.body).toBe(201);
  apiKey = key.json().data.key;
  const client = await signIn(h, { role_id: 3 });
  me = { id: client.user.id, token: client.token };
});
afterAll(() => h.stop());

const admin = (url: string, body: unknown) =>
  h.call('POST', url, { token: adminToken, tenant: ALPHA, ip: nextIp(), body });
const integration = (people: unknown[]) =>
  h.app.inject({
    method: 'POST',
    url: '/integration/v1/people',
    headers: { authorization: `Bearer ${apiKey}` },
    payload: { people },
  });
let n = 0;
const fresh = () => `rule${++n}.${Math.random().toString(36).slice(2, 7)}@example.test`;

// A list of addresses, a zero-width space, a right-to-left override, a display name, a second @.
const badEmails = [
  'victim-typo,attacker@evil.test',
  'victim@example.test;attacker@evil.test',
  'ad\u200Bmin@example.test',
  'admin@exa\u202Emple.test',
  'Admin <admin@example.test>',
  'a@b@example.test',
];

describe('one email rule', () => {
  it('refuses lists and invisible characters, and stores the address trimmed and lower-cased', () => {
    for (const email of badEmails) expect(checkEmail(email).ok, email).toBe(false);
    expect(checkEmail('  Jo.Smith+work@Example.TEST ')).toEqual({
      ok: true,
      email: 'jo.smith+work@example.test',
    });
  });

  it('refuses them on the admin form, adding a person or changing one', async () => {
    for (const email of badEmails) {
      const res = await admin('/api/v1/admin/people', { email, first_name: 'A', last_name: 'B' });
      expect(res.statusCode, email).toBe(422);
    }
    const added = await admin('/api/v1/admin/people', { email: fresh(), first_name: 'A', last_name: 'B' });
    expect(added.statusCode, added.body).toBe(201);
    const id = added.json().data.id;
    const res = await admin(`/api/v1/admin/people/${id}`, { email: 'ad\u200Bmin@example.test' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.email).toHaveLength(1);
  });

  it('refuses them on the integration API (the CSV import’s door): nothing is stored, nothing mailed', async () => {
    const res = await integration(badEmails.map((email) => ({ email, first_name: 'A', last_name: 'B' })));
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data as { outcome: string; errors: Record<string, string[]> }[];
    expect(rows.map((r) => r.outcome)).toEqual(badEmails.map(() => 'error'));
    expect(rows[0]!.errors.email).toEqual(['Enter one email address, without spaces, commas or a name.']);
    const stored = await h.db
      .selectFrom('users')
      .select('email')
      .where('email', 'like', '%attacker%')
      .execute();
    expect(stored).toEqual([]);
  });

  it('refuses them in a people CSV, on the line and column of the cell', () => {
    const csv =
      'email,first_name,last_name\n"victim-typo,attacker@evil.test",A,B\nad\u200Bmin@example.test,A,B\n';
    const { problems } = readPeopleCsv(csv);
    expect(problems.map((p) => [p.line, p.column, p.field])).toEqual([
      [2, 1, 'email'],
      [3, 1, 'email'],
    ]);
    expect(problems[0]!.message).toContain('enter one email address');
  });
});

describe('canonical time zones', () => {
  it('lists canonical names, not the old aliases', () => {
    const names = zoneNames();
    expect(names).toContain('Asia/Kolkata');
    expect(names).toContain('Europe/Kyiv');
    expect(names).not.toContain('Asia/Calcutta');
    expect(names).not.toContain('Europe/Kiev');
    expect(canonicalZone('us/eastern')).toBe('America/New_York');
    expect(canonicalZone('Mars/Olympus')).toBeUndefined();
  });

  it('takes a canonical name or its alias on the admin form and stores the canonical one', async () => {
    const added = await admin('/api/v1/admin/people', {
      email: fresh(),
      first_name: 'A',
      last_name: 'B',
      time_zone: 'Asia/Kolkata',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().data.time_zone).toBe('Asia/Kolkata');
    const changed = await admin(`/api/v1/admin/people/${added.json().data.id}`, { time_zone: 'Europe/Kiev' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.time_zone).toBe('Europe/Kyiv');
  });

  it('takes them on the integration API and in a people CSV', async () => {
    const res = await integration([
      { email: fresh(), first_name: 'A', last_name: 'B', time_zone: 'Europe/Kyiv' },
      { email: fresh(), first_name: 'C', last_name: 'D', time_zone: 'Asia/Calcutta' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const ids = (res.json().data as { outcome: string; person_id: number }[]).map((r) => r.person_id);
    const zones = await h.db
      .selectFrom('users')
      .select('time_zone')
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    expect(zones.map((z) => z.time_zone)).toEqual(['Europe/Kyiv', 'Asia/Kolkata']);
    const { problems } = readPeopleCsv(
      'email,first_name,last_name,time_zone\na@example.test,A,B,Asia/Kolkata\n',
    );
    expect(problems).toEqual([]);
  });

  it('takes them on the person’s own profile', async () => {
    const res = await h.call('POST', `/api/v1/students/update/${me.id}`, {
      token: me.token,
      body: { first_name: 'Priya', last_name: 'Shah', time_zone: 'Asia/Kolkata' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.time_zone).toBe('Asia/Kolkata');
    const alias = await h.call('POST', `/api/v1/students/update/${me.id}`, {
      token: me.token,
      body: { first_name: 'Priya', last_name: 'Shah', time_zone: 'Europe/Kiev' },
    });
    expect(alias.json().data.time_zone).toBe('Europe/Kyiv');
  });
});
