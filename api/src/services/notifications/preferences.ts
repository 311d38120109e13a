// Each person's channels per kind of notification, their quiet hours and a coach's morning summary.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { HttpError } from '../../errors.js';
import type { Actor } from '../access/scope.js';
import type { NotificationPreferences, PreferencesChange } from '../../../../contracts/rest/notifications.js';

export function createNotificationPreferences(_db: Kysely<Database>) {
  return {
    async get(_actor: Actor): Promise<NotificationPreferences> {
      throw new HttpError(501, 'Not yet.');
    },
    async set(_actor: Actor, _change: PreferencesChange): Promise<NotificationPreferences> {
      throw new HttpError(501, 'Not yet.');
    },
  };
}
