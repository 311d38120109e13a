// The integration API's promises, through the API on a real migrated database (PGlite; PostgreSQL with
// scripts/with-postgres.sh) with the seeded fixture tenants: the message feed names who, when and the thread
// but carries a message's words only for a tenant whose tenant.json opts in (beta's fixture does, alpha's not);
// a batch of people is answered row by row, a row the schema refuses included; the OpenAPI document says what
// a new person needs, and the API does that; making and revoking a key are in the audit log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyCall, makeApiKey } from './helpers/api-keys.js';
import { as, seedFixtures } from './helpers/coach.js';
import { BETA, Harness } from './helpers/harness.js';
import type { Person } from './helpers/sign-in.js';
import { signIn } from './helpers/sign-in.js';

const h = new Harness();
let admin: Person;
let betaAdmin: Person;

beforeAll(async () => {
  await h.start({ keyRequestsPerMinute: 1000 });
  await seedFixtures(h);
  admin = await signIn(h, { demo: 'admin' });
  betaAdmin = await signIn(h, { demo: 'admin', tenant: BETA });
});
afterAll(() => h.stop());

const makeKey = (who: Person, name = 'CRM') =>
  makeApiKey(h, { token: who.token, tenantId: who.user.tenantId }, 'read-write', name);

const withKey = (key: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
  keyCall(h.app, key, method, url, body);

const unique = () => Math.random().toString(36).slice(2, 8);

describe('the message feed', () => {
  it('names who, when and the thread, without subject or body, unless the tenant opts in', async () => {
    const alpha = await withKey((await makeKey(admin)).key, 'GET', '/integration/v1/messages?limit=200');
    expect(alpha.statusCode, alpha.body).toBe(200);
    const rows = alpha.json().data as Record<string, unknown>[];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row).toMatchObject({
        from_email: expect.any(String),
        to_email: expect.any(String),
        created_at: expect.any(String),
        subject: null,
        body: null,
      });
      expect(row).toHaveProperty('parent_id');
    }
    const seeded = await h.db.selectFrom('emails').select('subject').where('tenant_id', '=', BETA).execute();
    const beta = await withKey((await makeKey(betaAdmin)).key, 'GET', '/integration/v1/messages?limit=200');
    const subjects = (beta.json().data as { subject: string | null }[]).map((r) => r.subject);
    expect(subjects.sort()).toEqual(seeded.map((r) => r.subject).sort());
    expect(subjects.every((s) => typeof s === 'string' && s.length > 0)).toBe(true);
  });
});

describe('a batch of people, row by row', () => {
  it('answers a row the schema refuses (an unknown role, a long name, an unknown field) with its errors; the others go on', async () => {
    const u = unique();
    const { key } = await makeKey(admin);
    const body = {
      people: [
        { email: `first.${u}@alpha.test`, first_name: 'First', last_name: 'Fine', role: 'client' },
        { email: `owner.${u}@alpha.test`, first_name: 'Oona', last_name: 'Owner', role: 'owner' },
        { email: `long.${u}@alpha.test`, first_name: 'L'.repeat(101), last_name: 'Long', nickname: 'x' },
        'not a row',
        { email: `last.${u}@alpha.test`, first_name: 'Last', last_name: 'Fine', role: 'coach' },
      ],
    };
    for (const send of [
      () => withKey(key, 'POST', '/integration/v1/people', body),
      () => as(h, admin, 'POST', '/api/v1/admin/people/import', { ...body, dry_run: true }),
    ]) {
      const res = await send();
      expect(res.statusCode, res.body).toBe(200);
      const [first, owner, long, notRow, last] = res.json().data;
      expect(first.outcome).not.toBe('error');
      expect(owner).toEqual({
        index: 1,
        outcome: 'error',
        person_id: null,
        errors: { role: ['Choose one of: client, coach, admin.'] },
      });
      expect(long).toMatchObject({
        outcome: 'error',
        errors: { first_name: ['Enter at most 100 characters.'], nickname: ['This field is not allowed.'] },
      });
      expect(notRow).toMatchObject({ outcome: 'error', errors: { row: [expect.any(String)] } });
      expect(last.outcome).not.toBe('error');
    }
    const made = await h.db.selectFrom('users').select('email').where('email', 'like', `%.${u}@%`).execute();
    expect(made.map((r) => r.email).sort()).toEqual([`first.${u}@alpha.test`, `last.${u}@alpha.test`]);
  });

  it('still refuses a batch that is wrong as a whole with a 422', async () => {
    const { key } = await makeKey(admin);
    const empty = await withKey(key, 'POST', '/integration/v1/people', { people: [] });
    expect(empty.statusCode).toBe(422);
    const option = await withKey(key, 'POST', '/integration/v1/people', {
      people: [{ email: `x.${unique()}@alpha.test`, role: 'owner' }],
      dry_run: 'maybe',
    });
    expect(option.statusCode).toBe(422);
    // Every problem at once, the row's too, as any 422 answers.
    expect(Object.keys(option.json().error).sort()).toEqual(['dry_run', 'people.0.role']);
  });

  it('documents in OpenAPI that a new person needs both names, an update none, and behaves so', async () => {
    const document = (await h.call('GET', '/integration/v1/openapi.json', { tenant: null })).json();
    const row =
      document.paths['/integration/v1/people'].post.requestBody.content['application/json'].schema.properties
        .people.items;
    expect(row.required).toEqual(['email']);
    for (const name of ['first_name', 'last_name'])
      expect(row.properties[name].description).toMatch(/^Required for a new person\. Left out or empty/);
    const { key } = await makeKey(admin);
    const email = `nameless.${unique()}@alpha.test`;
    const nameless = await withKey(key, 'POST', '/integration/v1/people', { people: [{ email }] });
    expect(nameless.json().data[0]).toMatchObject({
      outcome: 'error',
      errors: { first_name: [expect.any(String)], last_name: [expect.any(String)] },
    });
    const named = { email, first_name: 'Nora', last_name: 'Named' };
    expect(
      (await withKey(key, 'POST', '/integration/v1/people', { people: [named] })).json().data[0],
    ).toMatchObject({ outcome: 'created' });
    const update = await withKey(key, 'POST', '/integration/v1/people', {
      people: [{ email, time_zone: 'Europe/Oslo' }],
    });
    expect(update.json().data[0]).toMatchObject({ outcome: 'changed', errors: {} });
    const person = await h.db
      .selectFrom('users')
      .select(['first_name', 'last_name'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(person).toEqual({ first_name: 'Nora', last_name: 'Named' });
  });
});

describe('the audit log of keys', () => {
  it('has the making and the revoking of a key, by the admin who did it, never the key itself', async () => {
    const name = `Audited ${unique()}`;
    const made = await makeKey(admin, `  ${name}  `);
    expect((await as(h, admin, 'POST', `/api/v1/admin/api-keys/${made.id}/revoke`)).statusCode).toBe(200);
    const log = await as(h, admin, 'GET', '/api/v1/admin/audit?per_page=100');
    type Entry = {
      action: string;
      subject_type: string;
      subject_id: number;
      actor_user_id: number;
      summary: string;
    };
    const entries = (log.json().data as (Entry & { before: unknown; after: unknown })[]).filter(
      (e) => e.action.startsWith('api_key.') && e.subject_id === made.id,
    );
    expect(entries.map((e) => e.action).sort()).toEqual(['api_key.created', 'api_key.revoked']);
    // What changed, as the audit page shows it: the key's name (trimmed), scope and prefix; then its revocation.
    const byAction = Object.fromEntries(entries.map((e) => [e.action, e]));
    expect(byAction['api_key.created']).toMatchObject({
      subject_type: 'api_key',
      after: { name, scope: 'read-write', prefix: made.prefix },
    });
    expect(byAction['api_key.revoked']).toMatchObject({
      subject_type: 'api_key',
      before: { revoked: false },
      after: { revoked: true },
    });
    for (const entry of entries) {
      expect(entry.actor_user_id).toBe(admin.user.id);
      expect(entry.summary).toContain(made.prefix);
    }
    expect(log.body).not.toContain(made.key);
    // Revoking again changes nothing and writes nothing.
    expect((await as(h, admin, 'POST', `/api/v1/admin/api-keys/${made.id}/revoke`)).statusCode).toBe(404);
    const again = await as(h, admin, 'GET', '/api/v1/admin/audit?action=api_key.revoked&per_page=100');
    expect(again.json().data.filter((e: { subject_id: number }) => e.subject_id === made.id)).toHaveLength(1);
  });
});
