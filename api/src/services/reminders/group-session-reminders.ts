// Reminders before a group's live session, to each member it was scheduled for who is still an active member,
// at the tenant's offsets like a 1:1 meeting's (kind meeting_reminder, the same mail: its values fit, the
// "other" person being the group's coach). planGroupSessionReminders runs in the transaction of every write of
// the session (sessions-service.ts): it drops what was planned and plans again from the rows, so a move moves
// them and a cancellation (the row deleted) drops them. A key names the member, so each is sent once.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { wallTime } from '../coach/meeting-mail.js';
import { channelsOf } from '../notifications/channels.js';
import { quietOf, reminderTime } from './quiet-hours.js';
import { cancelReminders, claimSend, scheduleReminders } from './reminders.js';
import type { Reminder, ReminderJob } from './reminders.js';
import type { Deps } from './meeting-reminders.js';
import { soon } from './meeting-reminders.js';

interface GroupSessionReminder {
  sessionId: number;
  /** The start it was planned for: a job of an older start is stale. */
  startsAt: string;
  offset: number;
  offsets: number[];
}

const MINUTE = 60_000;
const prefix = (sessionId: number) => `group-session:${sessionId}:`;

async function sessionOf(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('group_sessions as s')
    .innerJoin('groups as g', 'g.id', 's.group_id')
    .innerJoin('tenants as t', 't.id', 's.tenant_id')
    .leftJoin('coaches as c', 'c.id', 'g.coach_id')
    .leftJoin('users as cu', 'cu.id', 'c.user_id')
    .select([
      's.id',
      's.tenant_id',
      's.group_id',
      's.title',
      's.starts_at',
      's.duration_minutes',
      's.time_zone',
      's.meeting_url',
      'g.title as group',
      'cu.first_name as coach_first',
      'cu.last_name as coach_last',
      't.reminder_minutes',
      't.quiet_hours',
    ])
    .where('s.id', '=', id)
    .executeTakeFirst();
}

/** The members the session was scheduled for who are still active in its group, with their membership id. */
const membersOf = (db: Kysely<Database>, sessionId: number, groupId: number) =>
  db
    .selectFrom('lesson_meetings as m')
    .innerJoin('user_groups as ug', (j) =>
      j
        .onRef('ug.user_id', '=', 'm.client_id')
        .on('ug.group_id', '=', groupId)
        .on('ug.status', '=', 'active'),
    )
    .innerJoin('users as u', 'u.id', 'm.client_id')
    .select([
      'u.id',
      'ug.id as user_group_id',
      'u.first_name',
      'u.email',
      'u.time_zone',
      'u.quiet_from',
      'u.quiet_to',
    ])
    .where('m.session_id', '=', sessionId)
    .execute();

/** Plans the session's reminders again in `trx`, the transaction that wrote it (or deleted it). */
export async function planGroupSessionReminders(
  trx: Kysely<Database>,
  sessionId: number,
  now: Date,
): Promise<void> {
  await cancelReminders(trx, prefix(sessionId));
  const session = await sessionOf(trx, sessionId);
  if (!session || session.starts_at <= now) return;
  const offsets = [...session.reminder_minutes].sort((a, b) => b - a);
  const last = offsets.at(-1);
  const startsAt = session.starts_at.toISOString();
  const reminders: Reminder<GroupSessionReminder>[] = [];
  for (const member of await membersOf(trx, sessionId, session.group_id))
    for (const offset of offsets) {
      const at = reminderTime({
        at: new Date(session.starts_at.getTime() - offset * MINUTE),
        startsAt: session.starts_at,
        last: offset === last,
        quiet: quietOf(member, session.quiet_hours),
        zone: member.time_zone ?? session.time_zone,
      });
      if (at <= now) continue;
      reminders.push({
        key: `${prefix(sessionId)}${startsAt}:${offset}:${member.id}`,
        userId: member.id,
        kind: 'meeting_reminder',
        at,
        data: { sessionId, startsAt, offset, offsets },
      });
    }
  await scheduleReminders(trx, reminders);
}

/** A meeting_reminder job of a group's session (its data names the session), not of a 1:1 meeting. */
export const isGroupSessionReminder = (job: ReminderJob): job is ReminderJob<GroupSessionReminder> =>
  'sessionId' in job.data;

/** Sends one member's reminder of a session, once, if it is still true: same start, still a member. */
export function groupSessionReminderHandler({ db, mailer, now, log, push }: Deps) {
  return async (job: ReminderJob<GroupSessionReminder>) => {
    const { sessionId, startsAt, offset, offsets } = job.data;
    const session = await sessionOf(db, sessionId);
    const at = now();
    const skip = (why: string) => log.info({ key: job.key, why }, 'group session reminder not sent');
    if (!session || session.starts_at.toISOString() !== startsAt) return skip('moved or cancelled');
    if (session.starts_at <= at) return skip('the session has started');
    if (offsets.some((o) => o < offset && session.starts_at.getTime() - o * MINUTE <= at.getTime()))
      return skip('a later reminder is due');
    const member = (await membersOf(db, sessionId, session.group_id)).find((m) => m.id === job.userId);
    if (!member) return skip('no longer a member');
    const channels = await channelsOf(db, job.userId, 'meeting_reminder');
    if (!channels.mail && !channels.push) return skip('turned off');
    if (!(await claimSend(db, job, session.tenant_id, at))) return skip('already sent');
    const tenant = await db
      .selectFrom('tenants')
      .select(['id', 'name', 'domain'])
      .where('id', '=', session.tenant_id)
      .executeTakeFirstOrThrow();
    const when = wallTime(session.starts_at, member.time_zone ?? session.time_zone);
    const link = `/groups/${session.group_id}/${member.user_group_id}`;
    if (channels.mail)
      await mailer.send({
        tenant,
        kind: 'meeting-reminder',
        to: member.email,
        notice: { userId: member.id, kind: 'meeting_reminder' },
        values: {
          firstName: member.first_name,
          other: `${session.coach_first ?? ''} ${session.coach_last ?? ''}`.trim() || session.group,
          title: session.title,
          when,
          soon: soon(offset),
          minutes: session.duration_minutes,
          joinUrl: session.meeting_url ?? '',
          place: '',
          link: `https://${tenant.domain}${link}`,
        },
      });
    if (channels.push)
      await push(member.id, {
        kind: 'meeting_reminder',
        title: `Reminder: ${session.title}`,
        body: `Starts ${soon(offset)}: ${when}`,
        link,
        tag: `group-session-reminder-${session.id}`,
        urgency: offset === Math.min(...offsets) ? 'high' : 'normal',
      });
  };
}
