// The daily reminders on the job queue, on a real migrated database (PGlite, or PostgreSQL through
// scripts/with-postgres.sh) and a real SMTP server on 127.0.0.1: a client's action-steps digest lists the steps
// due tomorrow and overdue in one mail, a client with none gets nothing, a day's job run twice sends once and
// plans one next day, a day too late sends nothing, mail off sends none; a coach with the morning summary on
// gets today's meetings, one with it off nothing; the sweep at start begins each chain. The test people live in
// UTC without quiet hours, and a day's job is sent due now (its date names the day it is about), so nothing
// depends on the hour the test runs at.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayStart, localDate } from '../src/services/coach/zoned-day.js';
import { addDays } from '../src/services/reminders/daily-reminders.js';
import type { DailyKind } from '../src/services/reminders/daily-reminders.js';
import { dailyTime } from '../src/services/reminders/quiet-hours.js';
import { scheduleReminder } from '../src/services/reminders/reminders.js';
import { seedFixtures } from './helpers/coach.js';
import { Harness } from './helpers/harness.js';
import { signIn } from './helpers/sign-in.js';
import type { Person } from './helpers/sign-in.js';
import { startSmtp } from './helpers/smtp.js';
import type { Received, TestSmtp } from './helpers/smtp.js';
import { until as waitUntil } from './helpers/until.js';

const h = new Harness();
const inbox: Received[] = [];
let smtp: TestSmtp;
let worker: FastifyInstance;
let coach: Person;
let coach2: Person;
let client: Person;
let basic: Person;
let today: string;
const noQuiet = { from: '00:00', to: '00:00' };

const until = <T>(what: string, probe: () => Promise<T | undefined | false>) =>
  waitUntil(what, probe, () => h.logs.slice(-5).join('\n'));

/** The reminder jobs whose key starts with `prefix`: keys, states and due times. */
const jobsLike = async (prefix: string) =>
  (
    await sql<{
      key: string;
      state: string;
      start_after: Date;
    }>`select singleton_key as key, state, start_after
      from pgboss.job where name = 'reminder' and singleton_key like ${`${prefix}%`}
      order by singleton_key, created_on`.execute(h.db)
  ).rows;

const prefixOf = (kind: DailyKind) => (kind === 'steps_digest' ? 'steps' : 'summary');

/**
 * Sends the job of `kind` for `who`'s `date`, due now (or `late` ms ago), and waits until every job of that key
 * due by now has run (the sweep's own job of today, if it planned one, waits for its hour).
 */
async function runDay(kind: DailyKind, who: Person, date: string, late = 0) {
  const key = `${prefixOf(kind)}:${who.user.id}:${date}`;
  const at = new Date(h.clock.now().getTime() - late);
  await scheduleReminder(h.db, { key, userId: who.user.id, kind, at, data: { date } });
  await until(`${key} run`, async () => {
    const jobs = (await jobsLike(key)).filter((j) => j.start_after <= new Date());
    return jobs.length > 0 && jobs.every((j) => j.state === 'completed');
  });
}

const digestsTo = (who: Person) =>
  inbox.filter((m) => m.to.includes(who.user.email) && m.raw.includes('Your action steps'));
const summariesTo = (who: Person) =>
  inbox.filter((m) => m.to.includes(who.user.email) && m.raw.includes('Messages not read yet'));

async function step(who: Person, title: string, due: string, status = 1) {
  await h.db
    .insertInto('action_steps')
    .values({
      tenant_id: who.user.tenantId,
      client_id: who.user.id,
      title,
      due_date: due,
      status,
      created_at: h.clock.now(),
      updated_at: h.clock.now(),
    })
    .execute();
}

beforeAll(async () => {
  smtp = await startSmtp(inbox);
  await h.start();
  await seedFixtures(h);
  coach = await signIn(h, { demo: 'coach' });
  coach2 = await signIn(h, { demo: 'coach2' });
  client = await signIn(h, { demo: 'client' });
  basic = await signIn(h, { demo: 'basic' });
  await h.db
    .updateTable('users')
    .set({ time_zone: 'UTC', quiet_from: noQuiet.from, quiet_to: noQuiet.to })
    .where('id', 'in', [coach.user.id, coach2.user.id, client.user.id, basic.user.id])
    .execute();
  // The basic client has no step due: the seed's are removed.
  await h.db.deleteFrom('action_steps').where('client_id', '=', basic.user.id).execute();
  today = localDate(h.clock.now(), 'UTC');
  worker = await h.build({
    mail: { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, mailDir: h.mailDir },
    jobs: { pollingSeconds: 0.5 },
  });
  await worker.ready();
});
afterAll(async () => {
  await worker?.close();
  await h.stop();
  await smtp?.close();
});

describe('the daily sweep', () => {
  it("starts each chain at start: the clients' digests and the summary of a coach who has it on", async () => {
    const now = h.clock.now();
    const next = (clock: string) => {
      const at = dailyTime(today, clock, noQuiet, 'UTC');
      return at > now ? at : dailyTime(addDays(today, 1), clock, noQuiet, 'UTC');
    };
    const [digest] = await until('the client digest planned', async () => {
      const jobs = await jobsLike(`steps:${client.user.id}:`);
      return jobs.length > 0 && jobs;
    });
    expect(digest!.start_after).toEqual(next('08:00'));
    const [summary] = await until('the coach summary planned', async () => {
      const jobs = await jobsLike(`summary:${coach.user.id}:`);
      return jobs.length > 0 && jobs;
    });
    expect(summary!.start_after).toEqual(next('07:30'));
    expect(await jobsLike(`summary:${coach2.user.id}:`)).toEqual([]);
  });
});

describe("a client's action-steps digest", () => {
  it('lists the steps due tomorrow and overdue in one mail, once, and plans the next day', async () => {
    await step(client, 'Digest tomorrow', addDays(today, 1));
    await step(client, 'Digest overdue', addDays(today, -2));
    await step(client, 'Digest done', addDays(today, -1), 3);
    await step(client, 'Digest later', addDays(today, 5));

    await runDay('steps_digest', client, today);
    await runDay('steps_digest', basic, today);
    const [mail] = await until('the digest', async () => {
      const mails = digestsTo(client);
      return mails.length > 0 && mails;
    });
    expect(mail!.raw).toContain('Digest tomorrow');
    expect(mail!.raw).toContain('Digest overdue');
    expect(mail!.raw).not.toContain('Digest done');
    expect(mail!.raw).not.toContain('Digest later');
    expect(mail!.raw).toContain('/action-steps');
    expect(mail!.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    // Nothing due: nothing sent, though the day is recorded as done.
    expect(digestsTo(basic)).toEqual([]);
    const sends = await h.db
      .selectFrom('reminder_sends')
      .select('key')
      .where('key', 'in', [`steps:${client.user.id}:${today}`, `steps:${basic.user.id}:${today}`])
      .execute();
    expect(sends).toHaveLength(2);
    // The chain's next day, at 08:00 there.
    const tomorrowKey = `steps:${client.user.id}:${addDays(today, 1)}`;
    // One: the sweep at start planned that day too, and the chain did not plan it again.
    const [next, ...more] = await jobsLike(tomorrowKey);
    expect(more).toEqual([]);
    expect(next).toMatchObject({ state: 'created' });
    expect(next!.start_after).toEqual(dailyTime(addDays(today, 1), '08:00', noQuiet, 'UTC'));

    // The same day's job again (a retry, a second sweep's): no second mail, no second next day.
    await runDay('steps_digest', client, today);
    expect(digestsTo(client)).toHaveLength(1);
    expect(await jobsLike(tomorrowKey)).toHaveLength(1);
  });

  it('sends nothing for a day more than a few hours late (after a downtime), nor with mail off', async () => {
    const before = digestsTo(client).length;
    // Three days ago, due four hours ago: the overdue step was due then too, but that morning is over.
    await runDay('steps_digest', client, addDays(today, -3), 4 * 60 * 60_000);
    await h.db
      .insertInto('notification_preferences')
      .values({ user_id: client.user.id, kind: 'steps_digest', channel: 'mail', enabled: false })
      .execute();
    await runDay('steps_digest', client, addDays(today, -1));
    expect(digestsTo(client)).toHaveLength(before);
    // Both days were handled: what stopped the mail was the lateness and the channel, not a missing job.
    const sends = await h.db
      .selectFrom('reminder_sends')
      .select('key')
      .where(
        'key',
        'in',
        [3, 1].map((d) => `steps:${client.user.id}:${addDays(today, -d)}`),
      )
      .execute();
    expect(sends).toHaveLength(2);
  });
});

describe("a coach's morning summary", () => {
  it("goes to a coach who has it on, with today's meetings in their zone; not to one with it off", async () => {
    const { id: coachId } = await h.db
      .selectFrom('coaches')
      .select('id')
      .where('user_id', '=', coach.user.id)
      .executeTakeFirstOrThrow();
    await h.db
      .insertInto('meetings')
      .values({
        tenant_id: client.user.tenantId,
        client_id: client.user.id,
        coach_id: coachId,
        title: 'Summary check',
        // 23:10 today: today's whatever the hour the test runs at.
        starts_at: new Date(dayStart(h.clock.now(), 'UTC', 1).getTime() - 50 * 60_000),
        duration_minutes: 30,
        time_zone: 'UTC',
      })
      .execute();

    await runDay('morning_summary', coach, today);
    await runDay('morning_summary', coach2, today);
    const [mail] = await until('the summary', async () => {
      const mails = summariesTo(coach);
      return mails.length > 0 && mails;
    });
    expect(mail!.raw).toContain('23:10 Summary check');
    expect(mail!.raw).toContain('/coach');
    expect(summariesTo(coach2)).toEqual([]);
  });
});
