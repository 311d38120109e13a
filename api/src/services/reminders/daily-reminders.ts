// Daily reminders: a client's action-steps digest (08:00 their zone) and a coach's morning summary (07:30), each
// later if the person's quiet hours end later. Each is a chain of durable jobs on the `reminder` queue, one per
// person and local date, keyed `steps:<user>:<date>` / `summary:<user>:<date>`:
// - The job of a day claims its key in reminder_sends and sends the next day's job in that one transaction, so a
//   chain has exactly one successor: a second job of the same day (two sweeps planned one each, a retry) finds
//   the key taken and does nothing. The key is taken whether or not there is anything to send that day.
// - Something starts each chain: planDailyReminders, a sweep run at each job-running instance's start and every
//   15 minutes, plans the next day's job for each person who gets the kind and has no job of it waiting (a new
//   client, a coach who just turned the summary on, a chain a failed job ended). Sweeps on several instances may
//   plan the same day twice; the claim above makes that harmless, and the chain is one again the next day.
// - A person who no longer gets the kind (deactivated, summary turned off) ends the chain: nothing claimed,
//   nothing sent, no successor; the sweep starts it again if they come back.
// - After a downtime the waiting jobs run when an instance is back. A day's job more than LATE_MS late sends
//   nothing (yesterday's digest is no use, and a long outage must not end in a flood), and its successor is the
//   first day whose time is not that late, so a chain catches up in one step.
import type { FastifyInstance } from 'fastify';
import { scheduleSweep } from '../jobs/sweep.js';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/database.js';
import { localDate } from '../coach/zoned-day.js';
import { dailyTime, quietOf } from './quiet-hours.js';
import { claimSend, scheduleReminder, scheduleReminders } from './reminders.js';
import type { Reminder, ReminderJob } from './reminders.js';

export type DailyKind = 'steps_digest' | 'morning_summary';

/** The job's data: the person's local date it is the reminder of. */
interface DailyReminder {
  date: string;
}

const DAILY: Record<DailyKind, { prefix: string; clock: string }> = {
  steps_digest: { prefix: 'steps', clock: '08:00' },
  morning_summary: { prefix: 'summary', clock: '07:30' },
};

/** A day's reminder later than this is skipped: the morning it was for is over. */
const LATE_MS = 3 * 60 * 60_000;

/** A person without a zone of their own lives in UTC's days (as the coach's Today page does). */
const FALLBACK_ZONE = 'UTC';

const keyOf = (kind: DailyKind, userId: number, date: string) => `${DAILY[kind].prefix}:${userId}:${date}`;

/** The calendar date `days` after `date` (both YYYY-MM-DD): calendar arithmetic, no zone involved. */
export const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The people who get `kind` (all of them, or those of `ids`): active clients for the digest, active coaches
 * with the summary switched on for the summary; with their zone and quiet hours (their own, else the tenant's).
 */
async function recipients(db: Kysely<Database>, kind: DailyKind, ids?: number[]) {
  let query = db
    .selectFrom('users')
    .innerJoin('tenants', 'tenants.id', 'users.tenant_id')
    .select([
      'users.id',
      'users.tenant_id',
      'users.first_name',
      'users.last_name',
      'users.email',
      'users.time_zone',
      'users.quiet_from',
      'users.quiet_to',
      'tenants.quiet_hours',
    ])
    .where('users.deactivated_at', 'is', null);
  if (ids) query = query.where('users.id', 'in', ids);
  query =
    kind === 'steps_digest'
      ? // SPEC §3: 1 is an admin, 2 a coach, every other role a client.
        query.where('users.role_id', 'not in', [1, 2])
      : query.where((eb) =>
          eb.exists(
            eb
              .selectFrom('coaches')
              .select('coaches.id')
              .whereRef('coaches.user_id', '=', 'users.id')
              .where('coaches.morning_summary', '=', true),
          ),
        );
  return (await query.execute()).map((person) => ({
    ...person,
    zone: person.time_zone ?? FALLBACK_ZONE,
    quiet: quietOf(person, person.quiet_hours),
  }));
}

export type Recipient = Awaited<ReturnType<typeof recipients>>[number];

const timeOf = (person: Recipient, kind: DailyKind, date: string) =>
  dailyTime(date, DAILY[kind].clock, person.quiet, person.zone);

/** The reminder of `kind` for the person's local `date`. */
const reminderOf = (person: Recipient, kind: DailyKind, date: string): Reminder<DailyReminder> => ({
  key: keyOf(kind, person.id, date),
  userId: person.id,
  kind,
  at: timeOf(person, kind, date),
  data: { date },
});

/** The first date after `date` whose reminder is not already too late at `now`. */
function nextDate(person: Recipient, kind: DailyKind, date: string, now: Date): string {
  // From the day before today there at the earliest: a chain months behind does not walk every day since.
  const yesterday = addDays(localDate(now, person.zone), -1);
  let next = addDays(date > yesterday ? date : yesterday, 1);
  while (timeOf(person, kind, next).getTime() < now.getTime() - LATE_MS) next = addDays(next, 1);
  return next;
}

/** The keys starting with `prefix` of the reminder jobs waiting or running. */
async function waiting(db: Kysely<Database>, prefix: string): Promise<string[]> {
  const { rows } = await sql<{ key: string }>`select distinct singleton_key as key from pgboss.job
    where name = 'reminder' and singleton_key like ${`${prefix}%`} and state < 'completed'`.execute(db);
  return rows.map((row) => row.key);
}

/**
 * The sweep: plans the next reminder of `kind` for everyone who gets it and has none waiting (nor running):
 * today's if its time is still to come, else tomorrow's. Cheap: one statement finds the few without a chain.
 */
async function planDailyReminders(db: Kysely<Database>, kind: DailyKind, now: Date): Promise<number> {
  const prefix = `${DAILY[kind].prefix}:`;
  const planned = new Set(
    (await waiting(db, prefix)).map((key) => Number(key.slice(prefix.length).split(':')[0])),
  );
  const reminders = (await recipients(db, kind))
    .filter((person) => !planned.has(person.id))
    .map((person) => {
      const today = localDate(now, person.zone);
      const date = timeOf(person, kind, today) > now ? today : addDays(today, 1);
      return reminderOf(person, kind, date);
    });
  await scheduleReminders(db, reminders);
  return reminders.length;
}

interface Deps {
  db: Kysely<Database>;
  now: () => Date;
  log: { info(obj: object, msg: string): void };
}

/**
 * A daily kind's handler: keeps the chain (claim and successor in one transaction), then, unless the job is
 * late, lets `send` mail (and push) what there is for the person's day; `send` sends nothing when nothing is due.
 */
export function dailyHandler(
  kind: DailyKind,
  { db, now, log }: Deps,
  send: (person: Recipient, date: string, at: Date) => Promise<void>,
) {
  return async (job: ReminderJob<DailyReminder>) => {
    const at = now();
    const skip = (why: string) => log.info({ key: job.key, why }, 'daily reminder not sent');
    const [person] = await recipients(db, kind, [job.userId]);
    if (!person) return skip('no longer gets it');
    const claimed = await db.transaction().execute(async (trx) => {
      if (!(await claimSend(trx, job, person.tenant_id, at))) return false;
      const next = reminderOf(person, kind, nextDate(person, kind, job.data.date, at));
      // The sweep may have planned that day already (it found the person between two jobs of theirs).
      if ((await waiting(trx, next.key)).length === 0) await scheduleReminder(trx, next);
      return true;
    });
    if (!claimed) return skip('already sent');
    if (at.getTime() - Date.parse(job.at) > LATE_MS) return skip('too late: the morning is over');
    await send(person, job.data.date, at);
  };
}

const KINDS: DailyKind[] = ['steps_digest', 'morning_summary'];

/**
 * Runs the sweep when the instance is ready and every 15 minutes: it only starts chains (the jobs themselves are
 * the durable part) and is safe on every instance at once.
 */
export function scheduleDailySweep(app: FastifyInstance, db: Kysely<Database>, now: () => Date): void {
  scheduleSweep(app, 15 * 60_000, 'planning daily reminders failed', async () => {
    for (const kind of KINDS) await planDailyReminders(db, kind, now());
  });
}
