// A lesson meeting belongs to a group: the group page lists only its own group's meetings, and the server
// scopes them through the caller's membership. Null for a meeting held outside any group (older rows).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('lesson_meetings')
    .addColumn('group_id', 'integer', (c) => c.references('groups.id').onDelete('cascade'))
    .execute();
  await db.schema
    .createIndex('lesson_meetings_group')
    .on('lesson_meetings')
    .columns(['group_id', 'client_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('lesson_meetings_group').execute();
  await db.schema.alterTable('lesson_meetings').dropColumn('group_id').execute();
}
