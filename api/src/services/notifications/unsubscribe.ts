// A mail's unsubscribe link, opened without signing in: what it stops (the app's page asks before the click) and
// the click itself, which turns off the mail of that one kind for that one person, as their own choice on the
// preferences page would. A token not signed by this server (forged, altered, cut short) is a 404.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { HttpError } from '../../errors.js';
import { NOTIFICATION_KINDS } from '../../../../contracts/notifications.js';
import type { UnsubscribePage, Unsubscribed } from '../../../../contracts/rest/notifications.js';
import { choose, setMorningSummary } from './preferences.js';
import { readUnsubscribeToken } from './unsubscribe-token.js';

/** The address the mail went to, enough to recognise it and no more: `a•••@example.com`. */
const masked = (email: string) => {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, Math.min(1, at))}•••${email.slice(at)}`;
};

export function createUnsubscribe(db: Kysely<Database>, secret: string) {
  async function personOf(token: string) {
    const signed = readUnsubscribeToken(secret, token);
    const person =
      signed &&
      (await db
        .selectFrom('users')
        .select(['id', 'email'])
        .where('id', '=', signed.userId)
        .executeTakeFirst());
    if (!signed || !person) throw new HttpError(404, 'This unsubscribe link is not valid.');
    return { ...signed, email: person.email };
  }

  return {
    async page(token: string): Promise<UnsubscribePage> {
      const { kind, email } = await personOf(token);
      return { kind, label: NOTIFICATION_KINDS[kind].label, email_masked: masked(email) };
    },

    async apply(token: string): Promise<Unsubscribed> {
      const { userId, kind } = await personOf(token);
      if (kind === 'morning_summary') await setMorningSummary(db, userId, false);
      else await choose(db, userId, kind, 'mail', false);
      return { kind, label: NOTIFICATION_KINDS[kind].label, mail: false };
    },
  };
}
