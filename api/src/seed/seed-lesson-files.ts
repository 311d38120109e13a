// One uploaded file on the first lesson of the tenant's first demo group: a worksheet kept in the private
// storage as a coach's upload is, so the client's lesson page shows a download beside its links. A tenant whose
// lessons have files already keeps them (seeding twice changes nothing).
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import type { Storage } from '../services/storage/storage.js';
import { randomKey } from '../services/storage/storage.js';
import { onePagePdf } from './seed-mailbox.js';

export async function seedLessonFiles(
  db: Kysely<Database>,
  storage: Storage,
  tenantId: number,
): Promise<void> {
  const existing = await db
    .selectFrom('lesson_files')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  if (existing) return;
  const first = await db
    .selectFrom('member_group_lessons as m')
    .innerJoin('lessons as l', 'l.id', 'm.lesson_id')
    .select(['l.id', 'l.title'])
    .where('m.tenant_id', '=', tenantId)
    .orderBy('m.group_id')
    .orderBy('m.lesson_order')
    .executeTakeFirst();
  if (!first) return;
  const bytes = onePagePdf(`${first.title} - worksheet: your numbers today, your target, your next step`);
  const key = randomKey('lesson-files');
  await storage.put(key, bytes, 'application/pdf');
  await db
    .insertInto('lesson_files')
    .values({
      tenant_id: tenantId,
      lesson_id: first.id,
      kind: 'file',
      name: 'Lesson worksheet.pdf',
      object_key: key,
      size: bytes.length,
      content_type: 'application/pdf',
    })
    .execute();
}
