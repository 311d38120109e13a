// What the daily reminders say (daily-reminders.ts keeps when and how often): a client's action steps due
// tomorrow and overdue, by mail and push as their steps_digest channels say; a coach's day (today's meetings in
// their zone, messages not read, requests waiting), by mail only. Nothing is sent on a day with nothing in it.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { owned } from '../access/scope.js';
import { today } from '../coach/today-service.js';
import type { Mailer } from '../mail/mailer.js';
import { channelsOf } from '../notifications/channels.js';
import type { PushNotice } from '../push/send-push.js';
import { addDays } from './daily-reminders.js';
import type { Recipient } from './daily-reminders.js';

/** SPEC §4's status code of a step done. */
const DONE = 3;

interface Deps {
  db: Kysely<Database>;
  mailer: Mailer;
  /** Web Push to the person's devices (services.push.send). */
  push: (userId: number, notice: PushNotice) => Promise<unknown>;
}

export const tenantOf = (db: Kysely<Database>, id: number) =>
  db.selectFrom('tenants').select(['id', 'name', 'domain']).where('id', '=', id).executeTakeFirstOrThrow();

/** "Monday 2 March": a due date (a calendar date, no zone) as a person reads it. */
export const dayName = (date: string) =>
  new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));

/** The client's steps not done, due before `date` (overdue that morning) or the day after it. */
function stepsOf(db: Kysely<Database>, client: Recipient, date: string) {
  const actor = { tenantId: client.tenant_id, userId: client.id, role: 'client' as const };
  const tomorrow = addDays(date, 1);
  return db
    .selectFrom('action_steps')
    .where(owned(actor, 'action_steps'))
    .select(['title', 'due_date'])
    .where('status', '!=', DONE)
    .where((eb) => eb.or([eb('due_date', '<', date), eb('due_date', '=', tomorrow)]))
    .orderBy('due_date')
    .orderBy('id')
    .execute();
}

export function stepsDigestSender({ db, mailer, push }: Deps) {
  return async (client: Recipient, date: string) => {
    const channels = await channelsOf(db, client.id, 'steps_digest');
    if (!channels.mail && !channels.push) return;
    const steps = await stepsOf(db, client, date);
    const overdue = steps.filter((s) => s.due_date !== null && s.due_date < date);
    const tomorrow = steps.filter((s) => !overdue.includes(s));
    if (steps.length === 0) return;
    const tenant = await tenantOf(db, client.tenant_id);
    if (channels.mail)
      await mailer.send({
        tenant,
        kind: 'steps-digest',
        to: client.email,
        notice: { userId: client.id, kind: 'steps_digest' },
        values: {
          firstName: client.first_name,
          overdue: overdue.map((s) => ({ title: s.title, due: dayName(String(s.due_date)) })),
          tomorrow: tomorrow.map((s) => ({ title: s.title })),
          link: `https://${tenant.domain}/action-steps`,
        },
      });
    if (channels.push) {
      const parts = [
        ...(overdue.length > 0 ? [`${overdue.length} overdue`] : []),
        ...(tomorrow.length > 0 ? [`${tomorrow.length} due tomorrow`] : []),
      ];
      await push(client.id, {
        kind: 'steps_digest',
        title: 'Your action steps',
        body: `${parts.join(', ')}: ${steps.map((s) => s.title).join('; ')}`,
        link: '/action-steps',
        // Today's digest replaces yesterday's on a device.
        tag: 'steps-digest',
      });
    }
  };
}

const clockIn = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    at,
  );

export function morningSummarySender({ db, mailer }: Omit<Deps, 'push'>) {
  return async (coach: Recipient, date: string, now: Date) => {
    // The mailer checks the mail channel too; this saves reading the day for a coach who turned it off.
    if (!(await channelsOf(db, coach.id, 'morning_summary')).mail) return;
    // The coach's Today page's own reading of the day, as that coach sees it.
    const day = await today(db, { tenantId: coach.tenant_id, userId: coach.id, role: 'coach' }, now);
    const meetings = day.meetings.today;
    const unread = day.unread.reduce((sum, u) => sum + u.count, 0);
    const waiting = Object.values(day.waiting).reduce((sum, list) => sum + list.length, 0);
    if (meetings.length === 0 && unread === 0 && waiting === 0) return;
    const tenant = await tenantOf(db, coach.tenant_id);
    await mailer.send({
      tenant,
      kind: 'morning-summary',
      to: coach.email,
      notice: { userId: coach.id, kind: 'morning_summary' },
      values: {
        firstName: coach.first_name,
        date: `${dayName(date)} ${date.slice(0, 4)}`,
        meetings: meetings.map((m) => ({
          time: clockIn(new Date(m.starts_at), day.time_zone),
          title: m.title,
          client: `${m.client.first_name} ${m.client.last_name}`,
        })),
        unread,
        waiting,
        link: `https://${tenant.domain}/coach`,
      },
    });
  };
}
