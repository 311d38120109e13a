// The demo seed's client work: a full portal for client@<slug>.test (assessments with implementation steps on
// the board included), one meeting for basic@, nothing doubled when the seed runs again. Metrics end the month
// before the seed, so the current month is free to record.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage } from '../src/services/storage/storage.js';
import { loadTenantFiles } from '../src/services/tenants/tenant-files.js';
import { seedDemo } from '../src/seed/seed.js';
import { fixtureTenants } from './helpers/harness.js';
import { createTestDb } from './helpers/test-db.js';
import type { TestDb } from './helpers/test-db.js';

let t: TestDb;
let storageDir: string;
beforeAll(async () => {
  t = await createTestDb();
  storageDir = await mkdtemp(join(tmpdir(), 'portal-storage-'));
});
afterAll(async () => {
  await t.destroy();
  await rm(storageDir, { recursive: true, force: true });
});
const storage = () => createStorage(storageDir);

const tables = [
  'meetings',
  'lesson_meetings',
  'meeting_notes',
  'action_steps',
  'commitments',
  'team_members',
  'tasks',
  'assessments',
  'implementation_steps',
] as const;

async function counts(email: string) {
  const user = await t.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  const result: Record<string, number> = {};
  for (const table of tables) {
    const rows = await t.db.selectFrom(table).select('id').where('client_id', '=', user.id).execute();
    result[table] = rows.length;
  }
  return result;
}

describe('seed: client work', () => {
  it('gives client@ every kind of record, basic@ one meeting, and is idempotent', async () => {
    const tenants = await loadTenantFiles(fixtureTenants, { warn: () => {} });
    const now = new Date('2026-11-21T09:00:00Z');
    await seedDemo(t.db, tenants, { production: false, now, storage: storage() });
    const slug = tenants[0]!.slug;
    const full = await counts(`client@${slug}.test`);
    expect(full).toEqual({
      // Six the coach set, two client@ booked (seed-booking.ts).
      meetings: 8,
      lesson_meetings: 3,
      meeting_notes: 4,
      action_steps: 6,
      commitments: 4,
      team_members: 2,
      tasks: 4,
      assessments: 2,
      implementation_steps: 4,
    });
    expect(await counts(`basic@${slug}.test`)).toMatchObject({ meetings: 1, assessments: 0 });
    const linked = await t.db
      .selectFrom('implementation_steps as s')
      .innerJoin('action_steps as b', 'b.id', 's.action_step_id')
      .select(['s.client_id', 'b.client_id as board_client'])
      .execute();
    expect(linked.length).toBe(3 * tenants.length);
    for (const row of linked) expect(row.board_client).toBe(row.client_id);
    await seedDemo(t.db, tenants, {
      production: false,
      now: new Date('2026-12-01T09:00:00Z'),
      storage: storage(),
    });
    expect(await counts(`client@${slug}.test`)).toEqual(full);

    const urls = await t.db.selectFrom('meetings').select('meeting_url').execute();
    for (const { meeting_url } of urls) if (meeting_url) expect(meeting_url).toMatch(/^https?:\/\//);
    const steps = await t.db.selectFrom('action_steps').select('status').distinct().execute();
    expect(steps.map((s) => s.status).sort()).toEqual([0, 1, 2, 3]);
  });
});

async function metricsOf(email: string) {
  return t.db
    .selectFrom('metric_values')
    .innerJoin('metrics', 'metrics.id', 'metric_values.metric_id')
    .innerJoin('users', 'users.id', 'metrics.client_id')
    .select(['metrics.name', 'metric_values.period'])
    .where('users.email', '=', email)
    .orderBy('metrics.id')
    .orderBy('metric_values.period')
    .execute();
}

describe('seed: metrics', () => {
  it('gives client@ three metrics of twelve months, basic@ none, and is idempotent', async () => {
    const tenants = await loadTenantFiles(fixtureTenants, { warn: () => {} });
    const seed = (now: Date) => seedDemo(t.db, tenants, { production: false, now, storage: storage() });
    await seed(new Date('2026-11-21T09:00:00Z'));
    const slug = tenants[0]!.slug;
    const rows = await metricsOf(`client@${slug}.test`);
    expect([...new Set(rows.map((r) => r.name))]).toEqual([
      'Monthly revenue',
      'New leads',
      'Overdue invoices',
    ]);
    expect(rows).toHaveLength(36);
    expect(rows[0]!.period).toBe('2025-11');
    expect(rows[11]!.period).toBe('2026-10');
    expect(await metricsOf(`basic@${slug}.test`)).toEqual([]);
    await seed(new Date('2027-02-01T09:00:00Z'));
    expect(await metricsOf(`client@${slug}.test`)).toEqual(rows);
  });
});
