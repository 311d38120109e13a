// Migrations go up and down cleanly; the seed is idempotent, refuses production, and its accounts log in;
// tenants/ folders that do not parse are skipped with a warning.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everyFlag, fillFlags } from '../../contracts/training-flags.js';
import { migrateDown, migrateToLatest } from '../src/db/migrate.js';
import { demoPassword, seedDemo } from '../src/seed/seed.js';
import { purgeExpired } from '../src/services/housekeeping/purge-expired.js';
import { loadTenantFiles } from '../src/services/tenants/tenant-files.js';
import { Harness, fixtureTenants, nextIp } from './helpers/harness.js';
import { createTestDb } from './helpers/test-db.js';
import type { TestDb } from './helpers/test-db.js';
import { signIn } from './helpers/sign-in.js';

const silent = { warn: () => undefined };

describe('migrations', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb({ migrate: false });
  });
  afterAll(() => t.destroy());

  const tables = async () =>
    (
      await sql<{
        tablename: string;
      }>`select tablename from pg_tables where schemaname = 'public' and tablename not like 'kysely_%'`.execute(
        t.db,
      )
    ).rows
      .map((r) => r.tablename)
      .sort();

  // Later migrations (other areas of the API) may follow 0001; the test holds for however many there are.
  it('up creates every table, down removes them all, up again works', async () => {
    const up = await migrateToLatest(t.db);
    expect(up[0]).toBe('Up 0001-initial: Success');
    expect(up.every((step) => step.endsWith(': Success'))).toBe(true);
    expect(await tables()).toEqual(
      expect.arrayContaining([
        'access_tokens',
        'auth_events',
        'coach_clients',
        'coaches',
        'companies',
        'emails',
        'login_links',
        'otp_challenges',
        'password_resets',
        'tenants',
        'trusted_devices',
        'users',
      ]),
    );
    expect(await migrateToLatest(t.db)).toEqual([]);
    for (const step of [...up].reverse()) {
      expect(await migrateDown(t.db)).toEqual([step.replace('Up ', 'Down ')]);
    }
    expect(await tables()).toEqual([]);
    expect(await migrateToLatest(t.db)).toEqual(up);
  });
});

describe('tenant files', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'portal-tenants-'));
    await mkdir(join(dir, 'good'));
    await writeFile(
      join(dir, 'good', 'tenant.json'),
      JSON.stringify({ id: 7, name: 'Good', domain: 'good.example' }),
    );
    await mkdir(join(dir, 'broken'));
    await writeFile(join(dir, 'broken', 'tenant.json'), '{ "id": 8, ');
    await mkdir(join(dir, 'incomplete'));
    await writeFile(join(dir, 'incomplete', 'tenant.json'), '{ "id": "9" }');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("reads the good ones (flags take flags.schema.json's defaults) and warns about the rest", async () => {
    const warnings: string[] = [];
    const tenants = await loadTenantFiles(dir, {
      warn: (obj, msg) => void warnings.push(`${msg} ${JSON.stringify(obj)}`),
    });
    expect(tenants).toEqual([
      {
        id: 7,
        slug: 'good',
        name: 'Good',
        domain: 'good.example',
        // No apiUrl: the API answers on the portal's own origin.
        apiOrigin: 'https://good.example',
        hashidsSalt: 'good.example',
        defaultFlags: fillFlags(),
        captcha: false,
        integrationMessageContent: false,
        // No booking block: the schema's notice, no rooms, no default types.
        booking: { noticeHours: 24, rooms: { kind: 'none' }, meetingTypes: [] },
        // No agreements block: nothing to sign before booking.
        agreementRequired: false,
        // No notifications block: reminders a day and an hour before, quiet 21:00 to 08:00, the kinds' channels.
        notifications: {
          meetingReminders: [1440, 60],
          quietHours: { from: '21:00', to: '08:00' },
          channels: {},
        },
        // No billing block: dollars, no tax, no seller or offline payment said, a week's grace, INV- numbers, UTC months.
        billing: {
          currency: 'usd',
          tax: null,
          seller: null,
          graceDays: 7,
          offlinePayment: null,
          invoicePrefix: 'INV-',
          timeZone: 'UTC',
        },
        // Its mail: the default brand and sender on its domain, its own templates' folder.
        mail: {
          brand: expect.objectContaining({ name: 'Good', homeUrl: 'https://good.example/' }),
          sender: { name: 'Good', address: 'no-reply@good.example', domain: 'good.example' },
          dkim: undefined,
          overrides: join(dir, 'good', 'mail'),
        },
      },
    ]);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toContain('does not parse');
    expect(warnings[1]).toContain('lacks id, name or domain');
  });
});

describe('seed', () => {
  const h = new Harness();
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  it('refuses to run in production', async () => {
    await expect(seedDemo(h.db, [], { production: true, storage: h.storage })).rejects.toThrow(
      /NODE_ENV=production/,
    );
  });

  it('seeds every tenant once, however often it runs', async () => {
    const tenants = await loadTenantFiles(fixtureTenants, silent);
    await seedDemo(h.db, tenants, { production: false, storage: h.storage });
    const tables = ['users', 'companies', 'coaches', 'coach_clients', 'emails'] as const;
    const count = async () =>
      Promise.all(
        tables.map(async (table) =>
          Number(
            (
              await h.db
                .selectFrom(table)
                .select((e) => e.fn.countAll().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          ),
        ),
      );
    const first = await count();
    // Per tenant: two companies, two coaches with two clients each (each client linked to its coach), the
    // tenant admin, and mail.
    expect(first.slice(0, 4)).toEqual([14, 4, 4, 8]);
    expect(first[4]).toBeGreaterThanOrEqual(8);
    await seedDemo(h.db, tenants, { production: false, storage: h.storage });
    expect(await count()).toEqual(first);
  });

  it('client@ has every flag, basic@ none, both and the coach log in with the demo password', async () => {
    for (const [email, flags] of [
      ['client@alpha.test', everyFlag(true)],
      ['basic@alpha.test', everyFlag(false)],
    ] as const) {
      const row = await h.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      const { token } = await signIn(h, {
        user: { id: row.id, email, tenantId: 501 },
        password: demoPassword,
      });
      const me = (await h.call('GET', '/api/v1/me', { token })).json().data;
      expect(me.trainings).toEqual(flags);
      expect(me.company).toBeTruthy();
      expect(me.first_name).not.toBe('Test');
    }
    const coach = await h.call('POST', '/api/auth/loginotp', {
      ip: nextIp(),
      body: { email: 'coach@alpha.test', password: demoPassword },
    });
    // Coaches sign in like clients: the password is right, so the answer is the OTP step's.
    expect(coach.statusCode).toBe(200);
    expect(coach.json().data).toMatchObject({
      challenge: expect.any(String),
      expires_in: expect.any(Number),
    });
  });
});

describe('purging expired rows', () => {
  const h = new Harness();
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  it('deletes what ended more than a day ago and keeps the rest', async () => {
    const user = await h.createUser();
    const now = h.clock.now();
    const ago = (hours: number) => new Date(now.getTime() - hours * 3600_000);
    const token = (hash: string, expires: Date, revoked: Date | null) => ({
      tenant_id: 501,
      user_id: user.id,
      token_hash: hash,
      client_label: null,
      created_at: ago(100),
      last_used_at: ago(100),
      expires_at: expires,
      revoked_at: revoked,
    });
    await h.db
      .insertInto('access_tokens')
      .values([
        token('live', ago(-1), null),
        token('expired-long-ago', ago(25), null),
        token('revoked-long-ago', ago(-1), ago(30)),
        token('revoked-recently', ago(-1), ago(2)),
      ])
      .execute();
    await h.db
      .insertInto('auth_events')
      .values([
        { tenant_id: 501, kind: 'login_failure', subject: 'a', ip: '1', created_at: ago(48) },
        { tenant_id: 501, kind: 'login_failure', subject: 'b', ip: '1', created_at: ago(1) },
      ])
      .execute();
    expect(await purgeExpired(h.db, now)).toBe(3);
    const hashes = (await h.db.selectFrom('access_tokens').select('token_hash').execute())
      .map((r) => r.token_hash)
      .sort();
    expect(hashes).toEqual(['live', 'revoked-recently']);
    expect((await h.db.selectFrom('auth_events').select('subject').execute()).map((r) => r.subject)).toEqual([
      'b',
    ]);
  });
});
