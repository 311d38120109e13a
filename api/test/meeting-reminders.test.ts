// Meeting reminders on the job queue, on a real migrated database (PGlite, or PostgreSQL through
// scripts/with-postgres.sh) and a real SMTP server on 127.0.0.1. The app that serves the calls runs no jobs;
// the instances that run them share its database, as N API instances do. A reminder goes once however many
// instances run and whatever restarts; a move moves it, a cancellation drops it, a rolled-back change plans
// nothing, and a person who turned reminder mail off gets none. The queue's clock is the database's: meetings
// are put a few seconds past an offset rather than the clock moved.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planMeetingReminders } from '../src/services/reminders/meeting-reminders.js';
import { scheduleReminder } from '../src/services/reminders/reminders.js';
import { as, seedFixtures } from './helpers/coach.js';
import { Harness } from './helpers/harness.js';
import { signIn } from './helpers/sign-in.js';
import type { Person } from './helpers/sign-in.js';
import { startSmtp } from './helpers/smtp.js';
import { until as waitUntil } from './helpers/until.js';
import type { Received, TestSmtp } from './helpers/smtp.js';

const h = new Harness();
const inbox: Received[] = [];
let smtp: TestSmtp;
let coach: Person;
let client: Person;
const workers: FastifyInstance[] = [];

/** Another API instance on the same database that runs the jobs, mailing over SMTP. */
async function worker() {
  const app = await h.build({
    mail: { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, mailDir: h.mailDir },
    jobs: { pollingSeconds: 0.5 },
  });
  workers.push(app);
  return app;
}

const until = <T>(what: string, probe: () => Promise<T | undefined | false>) =>
  waitUntil(what, probe, () => h.logs.slice(-5).join('\n'));

/** The queue's reminder jobs of a meeting: their keys and states. */
const jobsOf = async (meetingId: number) =>
  (
    await sql<{
      key: string;
      state: string;
      start_after: Date;
    }>`select singleton_key as key, state, start_after
      from pgboss.job where name = 'reminder' and singleton_key like ${`meeting:${meetingId}:%`}
      order by singleton_key`.execute(h.db)
  ).rows;

/** The reminder mails the SMTP server received for `email`. */
const remindersTo = (email: string) =>
  inbox.filter((m) => m.to.includes(email) && m.raw.includes('starts in 1 hour'));

const coachId = async () =>
  (
    await h.db
      .selectFrom('coaches')
      .select('id')
      .where('user_id', '=', coach.user.id)
      .executeTakeFirstOrThrow()
  ).id;

/** A meeting of the coach with the client starting at `startsAt`, written and planned as the services do. */
async function meetingAt(startsAt: Date): Promise<number> {
  const coach_id = await coachId();
  return h.db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('meetings')
      .values({
        tenant_id: client.user.tenantId,
        client_id: client.user.id,
        coach_id,
        title: 'Reminder check',
        starts_at: startsAt,
        duration_minutes: 30,
        time_zone: 'Europe/London',
        meeting_url: 'https://meet.example/reminder',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await planMeetingReminders(trx, id, h.clock.now());
    return id;
  });
}

/** A start whose 1-hour reminder is due a few seconds from now (the 24-hour one long past). */
const inAnHour = () => new Date(Date.now() + 60 * 60_000 + 3000);

const allDone = (meetingId: number, count: number) =>
  until(`${count} reminder jobs done`, async () => {
    const jobs = await jobsOf(meetingId);
    return jobs.length === count && jobs.every((j) => j.state === 'completed') && jobs;
  });

beforeAll(async () => {
  smtp = await startSmtp(inbox);
  await h.start();
  await seedFixtures(h);
  coach = await signIn(h, { demo: 'coach' });
  client = await signIn(h, { demo: 'client' });
  // No quiet hours, so what is checked here does not depend on the time of day the test runs at.
  await h.db
    .updateTable('users')
    .set({ quiet_from: '00:00', quiet_to: '00:00' })
    .where('id', 'in', [coach.user.id, client.user.id])
    .execute();
  await worker();
});
afterAll(async () => {
  for (const app of workers) await app.close();
  await h.stop();
  await smtp?.close();
});

describe('meeting reminders', () => {
  it('go once to each person with two instances running and one restarted in the middle', async () => {
    const [first] = workers;
    await worker();
    const id = await meetingAt(inAnHour());
    const planned = await jobsOf(id);
    // The 24-hour reminders' time has passed: only the 1-hour ones, to the client and the coach.
    expect(planned.map((j) => j.key.split(':').slice(-2).join(':')).sort()).toEqual(
      [`60:${client.user.id}`, `60:${coach.user.id}`].sort(),
    );
    // One instance restarts before they are due.
    await first!.close();
    await worker();

    await allDone(id, 2);
    expect(remindersTo(client.user.email)).toHaveLength(1);
    expect(remindersTo(coach.user.email)).toHaveLength(1);
    const [mail] = remindersTo(client.user.email);
    expect(mail!.raw).toContain('Reminder check');
    expect(mail!.raw).toContain('starts in 1 hour');
    expect(mail!.raw).toContain('https://meet.example/reminder');
    // Its kind's one-click unsubscribe (RFC 8058).
    expect(mail!.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);

    // The same reminder's job run again (a retry, a second send): recorded once, so no second mail.
    const [again] = planned;
    await scheduleReminder(h.db, {
      key: again!.key,
      userId: Number(again!.key.split(':').at(-1)),
      kind: 'meeting_reminder',
      at: new Date(),
      data: {
        meetingId: id,
        startsAt: again!.key.split(':').slice(2, -2).join(':'),
        offset: 60,
        offsets: [1440, 60],
      },
    });
    await allDone(id, 3);
    expect(remindersTo(client.user.email)).toHaveLength(1);
    expect(remindersTo(coach.user.email)).toHaveLength(1);
    const sends = await h.db
      .selectFrom('reminder_sends')
      .select('key')
      .where('key', 'like', `meeting:${id}:%`)
      .execute();
    expect(sends).toHaveLength(2);
  });

  it('move with the meeting and are dropped when it is cancelled', async () => {
    const res = await as(h, coach, 'POST', '/api/v1/coach/meetings', {
      client_id: client.user.id,
      title: 'Planning',
      duration_minutes: 60,
      meeting_url: 'https://meet.example/planning',
      start: '2031-04-08T10:00',
    });
    expect(res.statusCode).toBe(201);
    const meeting = res.json().data as { id: number; starts_at: string };
    const before = await jobsOf(meeting.id);
    expect(before).toHaveLength(4);
    expect(before.every((j) => j.key.includes(meeting.starts_at) && j.state === 'created')).toBe(true);

    const moved = await as(h, coach, 'POST', `/api/v1/coach/meetings/${meeting.id}`, {
      start: '2031-04-09T15:00',
    });
    expect(moved.statusCode).toBe(200);
    const startsAt = moved.json().data.starts_at as string;
    const after = await jobsOf(meeting.id);
    expect(after).toHaveLength(4);
    expect(after.every((j) => j.key.includes(startsAt))).toBe(true);
    // The 1-hour reminder is an hour before the new start.
    const hour = after.find((j) => j.key.endsWith(`:60:${client.user.id}`))!;
    expect(new Date(hour.start_after).getTime()).toBe(Date.parse(startsAt) - 60 * 60_000);

    const cancelled = await as(h, coach, 'POST', `/api/v1/coach/meetings/${meeting.id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(await jobsOf(meeting.id)).toEqual([]);
  });

  it('are not planned by a change that rolls back', async () => {
    const coach_id = await coachId();
    let id = 0;
    await expect(
      h.db.transaction().execute(async (trx) => {
        ({ id } = await trx
          .insertInto('meetings')
          .values({
            tenant_id: client.user.tenantId,
            client_id: client.user.id,
            coach_id,
            title: 'Never',
            starts_at: new Date(Date.now() + 3 * 86_400_000),
            duration_minutes: 30,
            time_zone: 'UTC',
            meeting_url: 'https://meet.example/never',
          })
          .returning('id')
          .executeTakeFirstOrThrow());
        await planMeetingReminders(trx, id, h.clock.now());
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(id).toBeGreaterThan(0);
    expect(await jobsOf(id)).toEqual([]);
  });

  it('honour a person who turned reminder mail off', async () => {
    await h.db
      .insertInto('notification_preferences')
      .values({ user_id: client.user.id, kind: 'meeting_reminder', channel: 'mail', enabled: false })
      .execute();
    const coachBefore = remindersTo(coach.user.email).length;
    const clientBefore = remindersTo(client.user.email).length;
    const id = await meetingAt(inAnHour());
    await allDone(id, 2);
    expect(remindersTo(coach.user.email)).toHaveLength(coachBefore + 1);
    expect(remindersTo(client.user.email)).toHaveLength(clientBefore);
  });
});
