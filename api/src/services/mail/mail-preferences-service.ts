// Which notifications a client gets by mail (My Profile). Stored as the topics turned off, so every topic is on
// until its owner turns it off; the mailer reads the same rows when it sends (mailer.ts), whatever route or
// service wrote the notification.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { MAIL_TOPICS, type MailTopic } from '../../../../contracts/mail/mail-topics.js';
import type { Actor } from '../access/scope.js';
import { mutedTopics, setMutedTopics } from './mail-preferences-repository.js';

type MailPreferences = Record<MailTopic, boolean>;

const asPreferences = (muted: MailTopic[]): MailPreferences =>
  Object.fromEntries(MAIL_TOPICS.map((topic) => [topic, !muted.includes(topic)])) as MailPreferences;

export function createMailPreferencesService(db: Kysely<Database>) {
  return {
    async get(caller: Actor): Promise<MailPreferences> {
      return asPreferences(await mutedTopics(db, caller.userId));
    },
    async set(caller: Actor, wanted: MailPreferences): Promise<MailPreferences> {
      const muted = MAIL_TOPICS.filter((topic) => !wanted[topic]);
      await setMutedTopics(db, caller.userId, muted);
      return asPreferences(muted);
    },
  };
}
