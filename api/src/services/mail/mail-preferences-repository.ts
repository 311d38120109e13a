// My Profile's mail topics as rows of notification_preferences (migration 1890): each topic is the mail channel of
// its kind (contracts/mail/mail-topics.ts TOPIC_KIND). A row is written for every topic on save, so a choice holds
// whatever the tenant's default for the kind later becomes.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { MAIL_TOPICS, TOPIC_KIND, type MailTopic } from '../../../../contracts/mail/mail-topics.js';
import { channelsOf } from '../notifications/channels.js';

/** Each topic on or off by mail for the user: their choice, else the tenant's or the product's default. */
export async function mailTopics(db: Kysely<Database>, userId: number): Promise<Record<MailTopic, boolean>> {
  const on = await Promise.all(
    MAIL_TOPICS.map(async (topic) => (await channelsOf(db, userId, TOPIC_KIND[topic])).mail),
  );
  return Object.fromEntries(MAIL_TOPICS.map((topic, i) => [topic, on[i]])) as Record<MailTopic, boolean>;
}

/** Stores the user's choice for every topic, in one statement. */
export async function setMailTopics(
  db: Kysely<Database>,
  userId: number,
  wanted: Record<MailTopic, boolean>,
): Promise<void> {
  await db
    .insertInto('notification_preferences')
    .values(
      MAIL_TOPICS.map((topic) => ({
        user_id: userId,
        kind: TOPIC_KIND[topic],
        channel: 'mail' as const,
        enabled: wanted[topic],
      })),
    )
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'kind', 'channel'])
        .doUpdateSet((eb) => ({ enabled: eb.ref('excluded.enabled') })),
    )
    .execute();
}
