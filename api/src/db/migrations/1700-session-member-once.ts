// A group session is on a member's schedule once: a member added twice at once (two tabs, a double click), or
// added again after the session was scheduled, gets one lesson meeting of it and one invitation. Meetings of no
// session (null session_id) stay free, as null never equals null in a unique index.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('lesson_meetings_session_client')
    .on('lesson_meetings')
    .columns(['session_id', 'client_id'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('lesson_meetings_session_client').execute();
}
