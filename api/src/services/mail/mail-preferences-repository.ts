// The topics of notifications a user turned off by mail (mail_muted, migration 1500): a row per topic turned off.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { MailTopic } from '../../../../contracts/mail/mail-topics.js';

export async function isMuted(db: Kysely<Database>, userId: number, topic: MailTopic): Promise<boolean> {
  const row = await db
    .selectFrom('mail_muted')
    .select('topic')
    .where('user_id', '=', userId)
    .where('topic', '=', topic)
    .executeTakeFirst();
  return row !== undefined;
}

export async function mutedTopics(db: Kysely<Database>, userId: number): Promise<MailTopic[]> {
  const rows = await db.selectFrom('mail_muted').select('topic').where('user_id', '=', userId).execute();
  return rows.map((r) => r.topic);
}

/** Replaces the user's muted topics with `muted`, in one transaction. */
export async function setMutedTopics(
  db: Kysely<Database>,
  userId: number,
  muted: MailTopic[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('mail_muted').where('user_id', '=', userId).execute();
    if (muted.length)
      await trx
        .insertInto('mail_muted')
        .values(muted.map((topic) => ({ user_id: userId, topic })))
        .execute();
  });
}
