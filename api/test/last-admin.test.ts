// Who holds the admin role, through the API on a real migrated database (PGlite; PostgreSQL with
// scripts/with-postgres.sh): an API key cannot make, change or remove an admin (each such row is answered with
// its error, the other rows go on); no door leaves a tenant without an active admin, not even two admins
// demoting each other at the same moment through two app instances (the database refuses the second at
// commit); and the keys an admin made stop working while that admin is deactivated, the keys list saying why.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyCall, makeApiKey } from './helpers/api-keys.js';
import { ALPHA, Harness, nextIp } from './helpers/harness.js';
import type { TestUser } from './helpers/harness.js';
import { signIn } from './helpers/sign-in.js';

const h = new Harness();
beforeAll(() => h.start());
afterAll(() => h.stop());

const lastAdmin = 'This portal needs an active admin: make someone else an admin first, then try again.';

interface Admin extends TestUser {
  token: string;
}

/** A signed-in admin of alpha. */
async function newAdmin(name = 'Admin'): Promise<Admin> {
  const { user, token } = await signIn(h, { role_id: 1, first_name: name, last_name: 'Admin' });
  return { ...user, token };
}

/** Leaves `keep` as alpha's only active admins (the others deactivated, as the database allows while they stay). */
async function onlyAdmins(...keep: TestUser[]) {
  await h.db
    .updateTable('users')
    .set({ deactivated_at: h.clock.now() })
    .where('tenant_id', '=', ALPHA)
    .where('role_id', '=', 1)
    .where(
      'id',
      'not in',
      keep.map((k) => k.id),
    )
    .execute();
}

const activeAdmins = async () =>
  (
    await h.db
      .selectFrom('users')
      .select('id')
      .where('tenant_id', '=', ALPHA)
      .where('role_id', '=', 1)
      .where('deactivated_at', 'is', null)
      .where('password_hash', 'is not', null)
      .execute()
  ).map((r) => r.id);

const as = (who: Admin, method: 'GET' | 'POST', url: string, body?: unknown, app = h.app) =>
  app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${who.token}`, 'x-tenant-id': String(ALPHA) },
    remoteAddress: nextIp(),
    ...(method === 'POST' && { payload: (body ?? {}) as object }),
  });

const makeKey = (who: Admin, name = 'CRM') => makeApiKey(h, who, 'read-write', name);

const withKey = (key: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
  keyCall(h.app, key, method, url, body);

describe('an API key and the admin role', () => {
  it('cannot make an admin nor demote one: those rows are errors, the other rows go on', async () => {
    const admin = await newAdmin();
    const other = await newAdmin('Other');
    const { key } = await makeKey(admin);
    const unique = Math.random().toString(36).slice(2, 8);
    const client = { email: `fine.${unique}@example.test`, first_name: 'Fine', last_name: 'Row' };
    const rows = [
      { email: `boss.${unique}@example.test`, first_name: 'Bo', last_name: 'Boss', role: 'admin' },
      { email: other.email, role: 'coach' },
      { email: admin.email, role: 'client' },
      client,
    ];
    for (const dryRun of [true, false]) {
      const res = await withKey(key, 'POST', '/integration/v1/people', { people: rows, dry_run: dryRun });
      expect(res.statusCode, res.body).toBe(200);
      const answers = res.json().data as { outcome: string; errors: Record<string, string[]> }[];
      for (const refused of answers.slice(0, 3))
        expect(refused).toMatchObject({
          outcome: 'error',
          errors: { role_id: [expect.stringMatching(/^An API key cannot make anyone an admin/)] },
        });
      expect(answers[3]!.outcome).toBe('created');
    }
    const roles = await h.db
      .selectFrom('users')
      .select(['email', 'role_id'])
      .where('email', 'in', [admin.email, other.email, rows[0]!.email])
      .execute();
    expect(roles.sort((a, b) => a.email.localeCompare(b.email))).toEqual(
      [
        { email: admin.email, role_id: 1 },
        { email: other.email, role_id: 1 },
      ].sort((a, b) => a.email.localeCompare(b.email)),
    );
  });
});

describe('a tenant keeps an active admin', () => {
  it('the database refuses to commit a change that leaves none, whatever made it', async () => {
    const admin = await newAdmin();
    await onlyAdmins(admin);
    const demote = h.db.updateTable('users').set({ role_id: 2 }).where('id', '=', admin.id).execute();
    await expect(demote).rejects.toMatchObject({ constraint: 'tenant_keeps_an_active_admin' });
    const deactivate = h.db
      .updateTable('users')
      .set({ deactivated_at: h.clock.now() })
      .where('id', '=', admin.id)
      .execute();
    await expect(deactivate).rejects.toMatchObject({ constraint: 'tenant_keeps_an_active_admin' });
    await expect(h.db.deleteFrom('users').where('id', '=', admin.id).execute()).rejects.toMatchObject({
      constraint: 'tenant_keeps_an_active_admin',
    });
    expect(await activeAdmins()).toEqual([admin.id]);
    // Another admin first, then the change is fine.
    const next = await newAdmin('Next');
    await h.db.updateTable('users').set({ role_id: 2 }).where('id', '=', admin.id).execute();
    expect(await activeAdmins()).toEqual([next.id]);
  });

  // The loser is refused by the database at commit, or, had the winner committed before it began, is no
  // admin any more (403) or signed out (401, a deactivation ends the sessions).
  it.each([
    {
      change: 'demoting',
      url: (id: number) => `/api/v1/admin/people/${id}`,
      body: { role_id: 2 },
      lost: [403, 422],
      refusal: { error: { role_id: [lastAdmin] } },
    },
    {
      change: 'deactivating',
      url: (id: number) => `/api/v1/admin/people/${id}/deactivate`,
      body: {},
      lost: [401, 409],
      refusal: { message: lastAdmin },
    },
  ])(
    'two admins $change each other at once through two instances: one wins, the other is told why',
    async (race) => {
      const a = await newAdmin('Ann');
      const b = await newAdmin('Ben');
      await onlyAdmins(a, b);
      const other = await h.build();
      try {
        const answers = await Promise.all([
          as(a, 'POST', race.url(b.id), race.body),
          as(b, 'POST', race.url(a.id), race.body, other),
        ]);
        const codes = answers.map((r) => r.statusCode).sort();
        expect(codes[0], answers.map((r) => r.body).join('\n')).toBe(200);
        expect(race.lost).toContain(codes[1]);
        const refused = answers.find((r) => r.statusCode === race.lost[1]);
        if (refused) expect(refused.json()).toEqual(race.refusal);
        expect(await activeAdmins()).toHaveLength(1);
      } finally {
        await other.close();
      }
    },
  );

  it.runIf(process.env.DATABASE_URL)(
    'on PostgreSQL, of two open transactions each demoting the other admin, the second to commit is refused',
    async () => {
      const a = await newAdmin('Ada');
      const b = await newAdmin('Bea');
      await onlyAdmins(a, b);
      await h.db.connection().execute(async (first) => {
        await h.db.connection().execute(async (second) => {
          await sql`begin`.execute(first);
          await sql`begin`.execute(second);
          await sql`update users set role_id = 2 where id = ${b.id}`.execute(first);
          await sql`update users set role_id = 2 where id = ${a.id}`.execute(second);
          await sql`commit`.execute(first);
          await expect(sql`commit`.execute(second)).rejects.toMatchObject({
            constraint: 'tenant_keeps_an_active_admin',
          });
        });
      });
      expect(await activeAdmins()).toEqual([a.id]);
    },
  );
});

describe('keys of a deactivated admin', () => {
  it('stop working while their maker is deactivated, the list says why, and work again on reactivation', async () => {
    const boss = await newAdmin('Boss');
    const maker = await newAdmin('Maker');
    const made = await makeKey(maker, 'Billing sync');
    await makeKey(boss, 'Boss report');
    expect((await withKey(made.key, 'GET', '/integration/v1/key')).statusCode).toBe(200);
    // Narrowed to one maker, the list holds that maker's keys alone (the boss made one too).
    const mine = await as(boss, 'GET', `/api/v1/admin/api-keys?created_by=${maker.id}`);
    expect(mine.json().data).toEqual([
      expect.objectContaining({ id: made.id, status: 'active', created_by_id: maker.id }),
    ]);
    expect((await as(boss, 'POST', `/api/v1/admin/people/${maker.id}/deactivate`)).statusCode).toBe(200);
    const refused = await withKey(made.key, 'GET', '/integration/v1/key');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toMatch(/admin who made it has been deactivated/);
    const listed = await as(boss, 'GET', '/api/v1/admin/api-keys');
    expect(listed.json().data.find((k: { id: number }) => k.id === made.id)).toMatchObject({
      status: 'maker_deactivated',
      revoked_at: null,
    });
    expect((await as(boss, 'POST', `/api/v1/admin/people/${maker.id}/reactivate`)).statusCode).toBe(200);
    expect((await withKey(made.key, 'GET', '/integration/v1/key')).statusCode).toBe(200);
    // Demoted, the maker's keys stop too: a key acts with its maker's standing.
    expect((await as(boss, 'POST', `/api/v1/admin/people/${maker.id}`, { role_id: 2 })).statusCode).toBe(200);
    const demoted = await withKey(made.key, 'GET', '/integration/v1/key');
    expect(demoted.json().message).toMatch(/no longer an admin/);
  });
});
