// Which notifications a client gets by mail (My Profile): the mail channel of the kinds behind its topics. The
// mailer asks the same rule (notifications/channels.ts) when it sends, whatever route or service wrote the
// notification.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { MailTopic } from '../../../../contracts/mail/mail-topics.js';
import type { Actor } from '../access/scope.js';
import { mailTopics, setMailTopics } from './mail-preferences-repository.js';

type MailPreferences = Record<MailTopic, boolean>;

export function createMailPreferencesService(db: Kysely<Database>) {
  return {
    async get(caller: Actor): Promise<MailPreferences> {
      return mailTopics(db, caller.userId);
    },
    async set(caller: Actor, wanted: MailPreferences): Promise<MailPreferences> {
      await setMailTopics(db, caller.userId, wanted);
      return mailTopics(db, caller.userId);
    },
  };
}
