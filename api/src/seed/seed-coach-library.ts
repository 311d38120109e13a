// The demo coach's resource library (/coach/resources): the set's links to real public pages and one-page PDFs in
// the private storage, each shared as the set says (all the coach's clients, the demo company, or client@
// alone), so the clients' /resources shows "Shared by your coach" and the coach's library is not empty.
// Seeded once per coach: a coach who has a library already is left alone.
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import { randomKey } from '../services/storage/storage.js';
import type { Storage } from '../services/storage/storage.js';
import { onePagePdf } from './seed-mailbox.js';
import type { DemoSet } from './sets/demo-set.js';
import { workingDay, zonedTime } from './working-days.js';

interface CoachLibrarySeed {
  tenantId: number;
  coachId: number;
  companyId: number;
  clientId: number;
  at: Date;
  set: DemoSet;
}

export async function seedCoachLibrary(
  db: Kysely<Database>,
  storage: Storage,
  seed: CoachLibrarySeed,
): Promise<void> {
  const existing = await db
    .selectFrom('coach_resources')
    .select('id')
    .where('tenant_id', '=', seed.tenantId)
    .where('coach_id', '=', seed.coachId)
    .executeTakeFirst();
  if (existing) return;
  const zone = seed.set.timeZone;
  const entries = seed.set.library;
  for (const [index, entry] of entries.entries()) {
    // Added on working days over the past weeks, the first oldest, so the library lists them newest first.
    const at = zonedTime(workingDay(seed.at, -3 * (entries.length - index), zone), 9 + index, 30, zone);
    let file: { object_key: string; file_name: string; size: number; content_type: string } | null = null;
    if (entry.file) {
      const bytes = onePagePdf(entry.file.line);
      const key = randomKey('coach-resources');
      await storage.put(key, bytes, 'application/pdf');
      file = {
        object_key: key,
        file_name: entry.file.name,
        size: bytes.length,
        content_type: 'application/pdf',
      };
    }
    const row = await db
      .insertInto('coach_resources')
      .values({
        tenant_id: seed.tenantId,
        coach_id: seed.coachId,
        title: entry.title,
        url: entry.link ?? null,
        ...file,
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const target = { all: null, company: seed.companyId, client: seed.clientId }[entry.share];
    await db
      .insertInto('resource_shares')
      .values({
        tenant_id: seed.tenantId,
        resource_id: row.id,
        audience: entry.share,
        target_id: target,
        created_at: at,
      })
      .execute();
  }
}
