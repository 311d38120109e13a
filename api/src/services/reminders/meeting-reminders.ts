// Reminders before a 1:1 meeting (the coach's, or one a client or a key booked), to the client and the coach,
// at the tenant's offsets (tenants.reminder_minutes; 24 h and 1 h by default), each moved out of its person's
// quiet hours (quiet-hours.ts). planMeetingReminders runs in the transaction of every write of a meeting: it
// drops what was planned and plans again from the row, so a move moves them and a cancellation (the row
// deleted) drops them. The handler re-reads the meeting anyway: a job for another start, or past the start,
// sends nothing.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { wallTime } from '../coach/meeting-mail.js';
import type { Mailer } from '../mail/mailer.js';
import type { PushNotice } from '../push/send-push.js';
import { channelsOf } from '../notifications/channels.js';
import { quietOf, reminderTime } from './quiet-hours.js';
import { cancelReminders, claimSend, scheduleReminders } from './reminders.js';
import type { Reminder, ReminderJob } from './reminders.js';

interface MeetingReminder {
  meetingId: number;
  /** The start it was planned for: a job of an older start is stale. */
  startsAt: string;
  /** Minutes before the start. */
  offset: number;
  /** The tenant's offsets when planned: a smaller one already due makes this one pointless. */
  offsets: number[];
}

const MINUTE = 60_000;
const prefix = (meetingId: number) => `meeting:${meetingId}:`;

async function meetingOf(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('meetings')
    .innerJoin('tenants', 'tenants.id', 'meetings.tenant_id')
    .leftJoin('coaches', 'coaches.id', 'meetings.coach_id')
    .select([
      'meetings.id',
      'meetings.tenant_id',
      'meetings.client_id',
      'meetings.title',
      'meetings.starts_at',
      'meetings.duration_minutes',
      'meetings.time_zone',
      'meetings.meeting_url',
      'meetings.place',
      'coaches.user_id as coach_user_id',
      'tenants.reminder_minutes',
      'tenants.quiet_hours',
    ])
    .where('meetings.id', '=', id)
    .executeTakeFirst();
}

const people = (db: Kysely<Database>, ids: number[]) =>
  db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email', 'time_zone', 'quiet_from', 'quiet_to'])
    .where('id', 'in', ids)
    .execute();

/**
 * Plans the meeting's reminders again in `trx`, the transaction that wrote it: those still waiting are dropped,
 * and a meeting still there gets one per person and offset whose time is still to come at `now`.
 */
export async function planMeetingReminders(
  trx: Kysely<Database>,
  meetingId: number,
  now: Date,
): Promise<void> {
  await cancelReminders(trx, prefix(meetingId));
  const meeting = await meetingOf(trx, meetingId);
  if (!meeting || meeting.starts_at <= now) return;
  const offsets = [...meeting.reminder_minutes].sort((a, b) => b - a);
  const last = offsets.at(-1);
  const startsAt = meeting.starts_at.toISOString();
  const ids = [meeting.client_id, ...(meeting.coach_user_id === null ? [] : [meeting.coach_user_id])];
  const reminders: Reminder<MeetingReminder>[] = [];
  for (const person of await people(trx, ids))
    for (const offset of offsets) {
      const at = reminderTime({
        at: new Date(meeting.starts_at.getTime() - offset * MINUTE),
        startsAt: meeting.starts_at,
        last: offset === last,
        quiet: quietOf(person, meeting.quiet_hours),
        zone: person.time_zone ?? meeting.time_zone,
      });
      // Nothing for the past: a meeting booked an hour ahead gets no 24-hour reminder.
      if (at <= now) continue;
      reminders.push({
        key: `${prefix(meetingId)}${startsAt}:${offset}:${person.id}`,
        userId: person.id,
        kind: 'meeting_reminder',
        at,
        data: { meetingId, startsAt, offset, offsets },
      });
    }
  await scheduleReminders(trx, reminders);
}

/** "in 1 hour", "in 24 hours", "in 30 minutes". */
export function soon(minutes: number): string {
  if (minutes % 60 !== 0) return `in ${minutes} minutes`;
  const hours = minutes / 60;
  return hours === 1 ? 'in 1 hour' : `in ${hours} hours`;
}

export interface Deps {
  db: Kysely<Database>;
  mailer: Mailer;
  now: () => Date;
  log: { info(obj: object, msg: string): void };
  /** Web Push to the person's devices (services.push.send: nothing while the server has no VAPID keys). */
  push: (userId: number, notice: PushNotice) => Promise<unknown>;
}

/** The `meeting_reminder` handler: sends one reminder, once, if it is still true and still useful. */
export function meetingReminderHandler({ db, mailer, now, log, push }: Deps) {
  return async (job: ReminderJob<MeetingReminder>) => {
    const { meetingId, startsAt, offset, offsets } = job.data;
    const meeting = await meetingOf(db, meetingId);
    const at = now();
    const skip = (why: string) => log.info({ key: job.key, why }, 'meeting reminder not sent');
    if (!meeting || meeting.starts_at.toISOString() !== startsAt) return skip('moved or cancelled');
    if (meeting.starts_at <= at) return skip('the meeting has started');
    // After a downtime only the latest due offset goes: a smaller one due too makes this one redundant.
    if (offsets.some((o) => o < offset && meeting.starts_at.getTime() - o * MINUTE <= at.getTime()))
      return skip('a later reminder is due');
    const channels = await channelsOf(db, job.userId, 'meeting_reminder');
    if (!channels.mail && !channels.push) return skip('turned off');
    const ids = [meeting.client_id, ...(meeting.coach_user_id === null ? [] : [meeting.coach_user_id])];
    const both = await people(db, ids);
    const person = both.find((p) => p.id === job.userId);
    const other = both.find((p) => p.id !== job.userId);
    if (!person || !other) return skip('no longer in the meeting');
    if (!(await claimSend(db, job, meeting.tenant_id, at))) return skip('already sent');
    const tenant = await db
      .selectFrom('tenants')
      .select(['id', 'name', 'domain'])
      .where('id', '=', meeting.tenant_id)
      .executeTakeFirstOrThrow();
    const isClient = person.id === meeting.client_id;
    const when = wallTime(meeting.starts_at, person.time_zone ?? meeting.time_zone);
    if (channels.mail)
      await mailer.send({
        tenant,
        kind: 'meeting-reminder',
        to: person.email,
        // The mailer adds the kind's one-click unsubscribe and checks the mail channel again.
        notice: { userId: person.id, kind: 'meeting_reminder' },
        values: {
          firstName: person.first_name,
          other: `${other.first_name} ${other.last_name}`,
          title: meeting.title,
          when,
          soon: soon(offset),
          minutes: meeting.duration_minutes,
          joinUrl: meeting.meeting_url ?? '',
          place: meeting.place ?? '',
          link: `https://${tenant.domain}/${isClient ? 'schedule' : 'coach'}`,
        },
      });
    if (channels.push)
      await push(person.id, {
        kind: 'meeting_reminder',
        title: `Reminder: ${meeting.title}`,
        body: `Starts ${soon(offset)}: ${when}`,
        link: isClient ? '/schedule' : '/coach',
        // One reminder of a meeting on a device at a time: the 1-hour one replaces the day-before one.
        tag: `meeting-reminder-${meeting.id}`,
        urgency: offset === Math.min(...offsets) ? 'high' : 'normal',
      });
  };
}
