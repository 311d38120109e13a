// The demo company's files (npm start shows a real /resources): files from the coach and from client@, shared
// by the company's clients; each one downloads and would pass the upload's own type checks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/seed/seed.js';
import { loadTenantFiles } from '../src/services/tenants/tenant-files.js';
import { Harness, fixtureTenants } from './helpers/harness.js';
import { downloadFile, listFiles, sendFiles } from './helpers/company-files.js';
import type { Member } from './helpers/company-files.js';
import { signIn } from './helpers/sign-in.js';

const h = new Harness();
beforeAll(async () => {
  await h.start();
  const tenants = await loadTenantFiles(fixtureTenants, { warn: () => {} });
  // Twice: the second run adds nothing.
  await seedDemo(h.db, tenants, { production: false, storage: h.storage });
  await seedDemo(h.db, tenants, { production: false, storage: h.storage });
});
afterAll(() => h.stop());

/** A seeded person of ALPHA, signed in, with their company. */
async function demo(local: string): Promise<Member> {
  const { user, token } = await signIn(h, { demo: local });
  const row = await h.db
    .selectFrom('users')
    .select('company_id')
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow();
  return { user, token, companyId: row.company_id! };
}

interface Listed {
  id: number;
  description: string;
  from_coach: boolean;
  editable: boolean;
  files: { id: number; name: string; type: string }[];
}

describe('seed: company files', () => {
  it('gives the demo company files from the coach and from client@, each a real file of its type', async () => {
    const client = await demo('client');
    const list = (await listFiles(h, client, client.companyId)).json().data as Listed[];
    expect(list).toHaveLength(4);
    expect(list.map((f) => [f.from_coach, f.editable])).toEqual([
      [false, true],
      [false, true],
      [true, false],
      [true, false],
    ]);
    const files = list.flatMap((f) => f.files);
    expect(new Set(files.map((f) => f.type))).toEqual(
      new Set(['application/pdf', 'image/png', 'text/plain; charset=utf-8']),
    );
    for (const file of files) {
      const res = await downloadFile(h, client, client.companyId, file.id);
      expect(res.statusCode, file.name).toBe(200);
      const again = await sendFiles(h, client, {
        company_id: String(client.companyId),
        files: { name: file.name, bytes: res.rawPayload },
      });
      expect(again.statusCode, file.name).toBe(201);
      expect(again.json().data.files[0].type, file.name).toBe(file.type);
    }
  });

  it('shows basic@, of the same company, the same files, none of them theirs to change', async () => {
    const basic = await demo('basic');
    const list = (await listFiles(h, basic, basic.companyId)).json().data as Listed[];
    expect(list.length).toBeGreaterThanOrEqual(4);
    expect(list.every((f) => !f.editable)).toBe(true);
  });
});
