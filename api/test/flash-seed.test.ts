// The demo seed's flash coaching: client@<slug>.test sees one open and one locked lesson through the API,
// basic@ has none (and no flag), and seeding again doubles nothing.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPassword, seedDemo } from '../src/seed/seed.js';
import { createStorage } from '../src/services/storage/storage.js';
import { loadTenantFiles } from '../src/services/tenants/tenant-files.js';
import { fixtureTenants, Harness } from './helpers/harness.js';
import { signIn } from './helpers/sign-in.js';

const h = new Harness();
let storageDir: string;
beforeAll(async () => {
  await h.start();
  storageDir = await mkdtemp(join(tmpdir(), 'portal-storage-'));
});
afterAll(async () => {
  await h.stop();
  await rm(storageDir, { recursive: true, force: true });
});

describe('seed: flash coaching', () => {
  it('gives client@ one open and one locked lesson, basic@ none, and is idempotent', async () => {
    const tenants = await loadTenantFiles(fixtureTenants, { warn: () => {} });
    const tenant = tenants[0]!;
    const options = { production: false, now: h.clock.now(), storage: createStorage(storageDir) };
    await seedDemo(h.db, tenants, options);
    await seedDemo(h.db, tenants, options);
    const user = async (email: string) => {
      const row = await h.db
        .selectFrom('users')
        .select(['id', 'tenant_id'])
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      const testUser = { id: row.id, email, tenantId: row.tenant_id };
      return { testUser, token: (await signIn(h, { user: testUser, password: demoPassword })).token };
    };
    const client = await user(`client@${tenant.slug}.test`);
    const list = await h.call('GET', '/api/v1/flashcoaching/lessons', {
      tenant: tenant.id,
      token: client.token,
    });
    expect(list.statusCode, list.body).toBe(200);
    const lessons = list.json().data as {
      assessment_id: number;
      access: number;
      lesson: { id: number; title: string };
    }[];
    expect(lessons.map((l) => [l.lesson.title, l.access])).toEqual([
      ['Pricing for Profit', 1],
      ['A 13-Week Cash Flow Forecast', 0],
    ]);
    const [openOne, lockedOne] = lessons;
    const url = (l: typeof openOne) => `/api/v1/flashcoaching/lessons/${l!.assessment_id}/${l!.lesson.id}`;
    expect((await h.call('GET', url(openOne), { tenant: tenant.id, token: client.token })).statusCode).toBe(
      200,
    );
    expect((await h.call('GET', url(lockedOne), { tenant: tenant.id, token: client.token })).statusCode).toBe(
      403,
    );

    const basic = await user(`basic@${tenant.slug}.test`);
    expect(
      (await h.call('GET', '/api/v1/flashcoaching/lessons', { tenant: tenant.id, token: basic.token }))
        .statusCode,
    ).toBe(403);
  });
});
