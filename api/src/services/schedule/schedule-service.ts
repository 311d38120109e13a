// /schedule: the client's meetings split at "now" (the injected clock) into upcoming (soonest first) and past
// (most recent first), and the lesson meetings GraphQL's lessonMeetingSearch answers.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { Actor } from '../access/scope.js';
import { findTimeZone } from '../users/user-repository.js';
import { listLessonMeetings, listMeetings } from './schedule-repository.js';

type MeetingRow = Awaited<ReturnType<typeof listMeetings>>[number];

const meeting = (row: MeetingRow) => ({
  id: row.id,
  title: row.title,
  agenda: row.agenda,
  meeting_time: row.starts_at.toISOString(),
  duration_minutes: row.duration_minutes,
  time_zone: row.time_zone,
  meeting_url: row.meeting_url,
  place: row.place,
  coach_name: row.coach_first_name ? `${row.coach_first_name} ${row.coach_last_name ?? ''}`.trim() : null,
});

export type Meeting = ReturnType<typeof meeting>;

/** lessonMeetingSearch's items, for the schedule's list and a group page's (services/groups). */
export const lessonMeetingPayloads = (rows: Awaited<ReturnType<typeof listLessonMeetings>>) =>
  rows.map((r) => ({ ...r, meeting_time: r.meeting_time.toISOString() }));

export function createScheduleService(db: Kysely<Database>, now: () => Date) {
  return {
    async schedule(owner: Actor) {
      const t = now().getTime();
      // A meeting stays "upcoming" until it has ended, so one in progress still shows its join link.
      const ended = (row: MeetingRow) => row.starts_at.getTime() + row.duration_minutes * 60_000 <= t;
      // Two independent reads: side by side, the page waits for one round trip instead of two.
      const [rows, timeZone] = await Promise.all([listMeetings(db, owner), findTimeZone(db, owner)]);
      return {
        time_zone: timeZone,
        upcoming: rows.filter((r) => !ended(r)).map(meeting),
        past: rows.filter(ended).map(meeting).reverse(),
      };
    },
    async lessonMeetings(owner: Actor) {
      return lessonMeetingPayloads(await listLessonMeetings(db, owner));
    },
  };
}
