// The coach's home: today's and this week's meetings (each in the coach's and the client's time zone), unread
// messages per client, files the clients sent lately, their tickets, testimonials and referrals the coach has
// not marked done (however old), and the clients with action steps overdue. One call, a fixed number of statements run side by side.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { Actor } from '../access/scope.js';
import { requestsOf } from './requests-repository.js';
import { findTimeZone } from '../users/user-repository.js';
import * as repo from './today-repository.js';
import { dayStart, localDate } from './zoned-day.js';

const RECENT_MS = 7 * 24 * 60 * 60_000;
/** A coach without a time zone of their own sees the days of UTC. */
const FALLBACK_ZONE = 'UTC';

const person = (row: { client_id: number; first_name: string; last_name: string }) => ({
  id: row.client_id,
  first_name: row.first_name,
  last_name: row.last_name,
});

export async function today(db: Kysely<Database>, coach: Actor, now: Date) {
  const zone = (await findTimeZone(db, coach)) ?? FALLBACK_ZONE;
  const [start, tomorrow, weekEnd] = [dayStart(now, zone), dayStart(now, zone, 1), dayStart(now, zone, 7)];
  const since = new Date(now.getTime() - RECENT_MS);
  const [meetings, unread, files, overdue, tickets, testimonials, referrals] = await Promise.all([
    repo.meetingsBetween(db, coach, start, weekEnd),
    repo.unreadByClient(db, coach),
    repo.filesSince(db, coach, since),
    repo.overdueByClient(db, coach, localDate(now, zone)),
    requestsOf(db, coach, 'support_tickets', true),
    requestsOf(db, coach, 'testimonials', true),
    requestsOf(db, coach, 'referrals', true),
  ]);
  const meeting = (m: (typeof meetings)[number]) => ({
    id: m.id,
    client: person(m),
    title: m.title,
    agenda: m.agenda,
    starts_at: m.starts_at.toISOString(),
    duration_minutes: m.duration_minutes,
    meeting_url: m.meeting_url,
    // The meeting's own zone is the client's when it was booked; the client's current one wins if set.
    client_time_zone: m.client_time_zone ?? m.time_zone,
  });
  const submission = (s: {
    id: number;
    client_id: number;
    first_name: string;
    last_name: string;
    summary: string;
    created_at: Date;
  }) => ({
    id: s.id,
    client: person(s),
    summary: s.summary,
    created_at: s.created_at.toISOString(),
  });
  return {
    time_zone: zone,
    date: localDate(now, zone),
    meetings: {
      today: meetings.filter((m) => m.starts_at < tomorrow).map(meeting),
      week: meetings.filter((m) => m.starts_at >= tomorrow).map(meeting),
    },
    unread: unread.map((u) => ({
      client: person(u),
      count: Number(u.unread),
      latest_at: new Date(u.latest_at).toISOString(),
    })),
    files: files.map((f) => ({
      id: f.id,
      sending_id: f.sending_id,
      company_id: f.company_id,
      client: person(f),
      name: f.name,
      size: f.size,
      type: f.content_type,
      created_at: f.created_at.toISOString(),
    })),
    waiting: {
      tickets: tickets.map(submission),
      testimonials: testimonials.map(submission),
      referrals: referrals.map(submission),
    },
    overdue: overdue.map((o) => ({
      client: person(o),
      count: Number(o.overdue),
      oldest_due: String(o.oldest_due),
    })),
  };
}
