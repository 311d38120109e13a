// A mail's unsubscribe link: a token signed over the person and the kind, which turns that kind's mail off.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { HttpError } from '../../errors.js';
import type { UnsubscribePage, Unsubscribed } from '../../../../contracts/rest/notifications.js';

export function createUnsubscribe(_db: Kysely<Database>) {
  return {
    async page(_token: string): Promise<UnsubscribePage> {
      throw new HttpError(501, 'Not yet.');
    },
    async apply(_token: string): Promise<Unsubscribed> {
      throw new HttpError(501, 'Not yet.');
    },
  };
}
