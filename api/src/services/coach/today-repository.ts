// The queries of the coach's Today page. Each reads every assigned client at once (the coach's scope of
// access/scope.ts), so the page costs the same few statements whether a coach has two clients or two hundred.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { visible } from '../access/scope.js';
import type { Actor } from '../access/scope.js';

/** The meetings of the coach's clients starting in [from, to), soonest first, with the client's time zone. */
export function meetingsBetween(db: Kysely<Database>, coach: Actor, from: Date, to: Date) {
  return db
    .selectFrom('meetings as m')
    .where(visible(coach, 'meetings as m'))
    .innerJoin('users as u', 'u.id', 'm.client_id')
    .select([
      'm.id',
      'm.client_id',
      'u.first_name',
      'u.last_name',
      'u.time_zone as client_time_zone',
      'm.title',
      'm.agenda',
      'm.starts_at',
      'm.duration_minutes',
      'm.time_zone',
      'm.meeting_url',
    ])
    .where('m.starts_at', '>=', from)
    .where('m.starts_at', '<', to)
    .orderBy('m.starts_at')
    .orderBy('m.id')
    .execute();
}

/** Per client, the messages to the coach not read yet. */
export function unreadByClient(db: Kysely<Database>, coach: Actor) {
  return db
    .selectFrom('emails as e')
    .where(visible(coach, 'emails as e', 'to_user_id'))
    .innerJoin('users as u', 'u.id', 'e.from_user_id')
    .select((eb) => [
      'e.from_user_id as client_id',
      'u.first_name',
      'u.last_name',
      eb.fn.countAll<string | number>().as('unread'),
      eb.fn.max('e.created_at').as('latest_at'),
    ])
    .where('e.read', '=', false)
    .groupBy(['e.from_user_id', 'u.first_name', 'u.last_name'])
    .orderBy('latest_at', 'desc')
    .execute();
}

/** Files the coach's clients sent to their companies' files since `since`, newest first. */
export function filesSince(db: Kysely<Database>, coach: Actor, since: Date) {
  return db
    .selectFrom('company_files as f')
    .where(visible(coach, 'company_files as f'))
    .innerJoin('users as u', 'u.id', 'f.uploader_id')
    .innerJoin('company_file_items as i', 'i.company_file_id', 'f.id')
    .select([
      'i.id',
      'f.id as sending_id',
      'f.company_id',
      'f.uploader_id as client_id',
      'u.first_name',
      'u.last_name',
      'i.name',
      'i.size',
      'i.content_type',
      'f.created_at',
    ])
    .where('f.uploader_id', '!=', coach.userId)
    .where('f.created_at', '>=', since)
    .orderBy('f.created_at', 'desc')
    .orderBy('i.id')
    .execute();
}

/** The clients with action steps past their due date (before `today`, the coach's date) and not completed. */
export function overdueByClient(db: Kysely<Database>, coach: Actor, today: string) {
  return db
    .selectFrom('action_steps as s')
    .where(visible(coach, 'action_steps as s'))
    .innerJoin('users as u', 'u.id', 's.client_id')
    .select((eb) => [
      's.client_id',
      'u.first_name',
      'u.last_name',
      eb.fn.countAll<string | number>().as('overdue'),
      eb.fn.min('s.due_date').as('oldest_due'),
    ])
    .where('s.due_date', '<', today)
    .where('s.status', '!=', 3)
    .groupBy(['s.client_id', 'u.first_name', 'u.last_name'])
    .orderBy('oldest_due')
    .execute();
}
