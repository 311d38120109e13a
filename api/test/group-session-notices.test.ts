// A group's live sessions in the bell and the reminders, on a real migrated database (PGlite, or PostgreSQL
// through scripts/with-postgres.sh) and a real SMTP server on 127.0.0.1: a coach's schedule, move and cancel
// tell each active member (not the coach, not a member who left, not another group's) with a link to their
// group page; each member's reminders are planned with the session, moved with it, dropped with it and sent
// once; and a push raised inside a person's quiet hours waits in the queue for their end.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '../../contracts/rest/notifications.js';
import { notify } from '../src/services/notifications/notify.js';
import { planGroupSessionReminders } from '../src/services/reminders/group-session-reminders.js';
import { scheduleReminder } from '../src/services/reminders/reminders.js';
import { as, startSignedIn } from './helpers/coach.js';
import { Harness } from './helpers/harness.js';
import type { Person } from './helpers/sign-in.js';
import { startSmtp } from './helpers/smtp.js';
import type { Received, TestSmtp } from './helpers/smtp.js';
import { until as waitUntil } from './helpers/until.js';

const h = new Harness();
const inbox: Received[] = [];
let smtp: TestSmtp;
let coach: Person;
let client: Person;
let basic: Person;
const workers: FastifyInstance[] = [];
/** The cohort: client an active member, basic a member who left (and an active member of `other`). */
let cohort: { id: number; membership: number };
let other: number;

const until = <T>(what: string, probe: () => Promise<T | undefined | false>) =>
  waitUntil(what, probe, () => h.logs.slice(-5).join('\n'));

/** Another API instance on the same database that runs the jobs, mailing over SMTP. */
async function worker() {
  const app = await h.build({
    mail: { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, mailDir: h.mailDir },
    jobs: { pollingSeconds: 0.5 },
  });
  workers.push(app);
  return app;
}

async function groupWith(title: string, ...members: Person[]) {
  const group = (await as(h, coach, 'POST', '/api/v1/coach/groups', { title })).json().data as { id: number };
  await as(h, coach, 'POST', `/api/v1/coach/groups/${group.id}`, { state: 'open' });
  const ids: Record<number, number> = {};
  for (const member of members) {
    const added = await as(h, coach, 'POST', `/api/v1/coach/groups/${group.id}/members`, {
      client_id: member.user.id,
    });
    expect(added.statusCode, added.body).toBe(200);
    for (const m of added.json().data.members as { id: number; user_group_id: number }[])
      ids[m.id] = m.user_group_id;
  }
  return { id: group.id, memberships: ids };
}

const sessions = (groupId: number) => `/api/v1/coach/groups/${groupId}/sessions`;

/** What `who`'s bell got since `since` (an id), oldest first. */
const newFor = async (who: Person, since: number): Promise<Notification[]> => {
  const res = await as(h, who, 'GET', '/api/v1/notifications?limit=100');
  expect(res.statusCode).toBe(200);
  return (res.json().data.items as Notification[]).filter((i) => i.id > since).reverse();
};
const lastId = async () =>
  (
    await h.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst()
  )?.id ?? 0;

/** The queue's reminder jobs of a session still waiting: their keys and start times. */
const waiting = async (sessionId: number) =>
  (
    await sql<{ key: string; start_after: Date }>`select singleton_key as key, start_after from pgboss.job
      where name = 'reminder' and state = 'created' and singleton_key like ${`group-session:${sessionId}:%`}
      order by singleton_key`.execute(h.db)
  ).rows;

beforeAll(async () => {
  smtp = await startSmtp(inbox);
  [coach, client, basic] = await startSignedIn(h, 'coach', 'client', 'basic');
  // No quiet hours, so the reminders' times do not depend on the time of day the test runs at.
  await h.db
    .updateTable('users')
    .set({ quiet_from: '00:00', quiet_to: '00:00', time_zone: 'Europe/London' })
    .where('id', 'in', [coach.user.id, client.user.id, basic.user.id])
    .execute();
  const group = await groupWith('Live cohort', client, basic);
  cohort = { id: group.id, membership: group.memberships[client.user.id]! };
  const removed = await as(
    h,
    coach,
    'POST',
    `/api/v1/coach/groups/${group.id}/members/${basic.user.id}/remove`,
  );
  expect(removed.statusCode, removed.body).toBe(200);
  other = (await groupWith('Other cohort', basic)).id;
});
afterAll(async () => {
  for (const app of workers) await app.close();
  await h.stop();
  await smtp?.close();
});

describe("a group's live session in the bell", () => {
  it('tells each active member of a schedule, a move and a cancel, linking to their group page', async () => {
    const since = await lastId();
    const res = await as(h, coach, 'POST', sessions(cohort.id), {
      title: 'Q&A',
      start: '2031-05-05T10:00',
      duration_minutes: 60,
      meeting_url: 'https://meet.example/qa',
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = (res.json().data as { id: number }).id;
    expect(
      (await as(h, coach, 'POST', `${sessions(cohort.id)}/${id}`, { start: '2031-05-06T10:00' })).statusCode,
    ).toBe(200);
    expect((await as(h, coach, 'POST', `${sessions(cohort.id)}/${id}/cancel`)).statusCode).toBe(200);

    const link = `/groups/${cohort.id}/${cohort.membership}`;
    expect(await newFor(client, since)).toEqual([
      expect.objectContaining({ kind: 'group_session', title: 'Live cohort: live session scheduled', link }),
      expect.objectContaining({ kind: 'group_session', title: 'Live cohort: live session moved', link }),
      expect.objectContaining({ kind: 'group_session', title: 'Live cohort: live session cancelled', link }),
    ]);
    // The move names the new time in the member's zone.
    expect((await newFor(client, since))[1]!.body).toMatch(/^Q&A, .*6 May 2031/);
    // Not the coach who acted, not the member who left (who is another group's member).
    expect(await newFor(coach, since)).toEqual([]);
    expect(await newFor(basic, since)).toEqual([]);
  });

  it("another group's session tells its own members only", async () => {
    const since = await lastId();
    const res = await as(h, coach, 'POST', sessions(other), {
      title: 'Elsewhere',
      start: '2031-05-07T10:00',
      duration_minutes: 30,
      meeting_url: 'https://meet.example/elsewhere',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await newFor(client, since)).toEqual([]);
    expect((await newFor(basic, since)).map((n) => n.kind)).toEqual(['group_session']);
  });
});

describe("a group's live session reminders", () => {
  it('are planned per active member, moved on reschedule and dropped on cancel', async () => {
    const res = await as(h, coach, 'POST', sessions(cohort.id), {
      title: 'Planning',
      start: '2031-04-08T10:00',
      duration_minutes: 60,
      meeting_url: 'https://meet.example/planning',
    });
    expect(res.statusCode, res.body).toBe(201);
    const session = res.json().data as { id: number; starts_at: string };
    const planned = await waiting(session.id);
    // The tenant's two offsets, to the active member only (not the coach, not the member who left).
    expect(planned.map((j) => j.key)).toEqual(
      [1440, 60].map((o) => `group-session:${session.id}:${session.starts_at}:${o}:${client.user.id}`).sort(),
    );
    expect(planned.map((j) => j.start_after.getTime()).sort()).toEqual(
      [1440, 60].map((o) => Date.parse(session.starts_at) - o * 60_000).sort(),
    );

    const moved = await as(h, coach, 'POST', `${sessions(cohort.id)}/${session.id}`, {
      start: '2031-04-09T11:00',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const startsAt = (moved.json().data as { starts_at: string }).starts_at;
    expect((await waiting(session.id)).map((j) => j.key)).toEqual(
      [1440, 60].map((o) => `group-session:${session.id}:${startsAt}:${o}:${client.user.id}`).sort(),
    );

    expect((await as(h, coach, 'POST', `${sessions(cohort.id)}/${session.id}/cancel`)).statusCode).toBe(200);
    expect(await waiting(session.id)).toEqual([]);
  });

  it('are sent once to each member, with two instances running', async () => {
    const res = await as(h, coach, 'POST', sessions(cohort.id), {
      title: 'Soon session',
      start: '2031-04-10T10:00',
      duration_minutes: 45,
      meeting_url: 'https://meet.example/soon',
    });
    const id = (res.json().data as { id: number }).id;
    // The session moved to start an hour and a few seconds from now, planned again as a write plans it: the
    // 1-hour reminder is due in a few seconds, the 24-hour one long past.
    const startsAt = new Date(Date.now() + 60 * 60_000 + 3000);
    await h.db.transaction().execute(async (trx) => {
      await trx.updateTable('group_sessions').set({ starts_at: startsAt }).where('id', '=', id).execute();
      await planGroupSessionReminders(trx, id, new Date());
    });
    expect((await waiting(id)).map((j) => j.key)).toEqual([
      `group-session:${id}:${startsAt.toISOString()}:60:${client.user.id}`,
    ]);
    await worker();
    await worker();
    const mails = () => inbox.filter((m) => m.raw.includes('Soon session'));
    await until(
      'the reminder sent',
      async () =>
        (
          await h.db
            .selectFrom('reminder_sends')
            .select('key')
            .where('key', 'like', `group-session:${id}:%`)
            .execute()
        ).length === 1 && mails().length === 1,
    );
    const [mail] = mails();
    expect(mail!.to).toContain(client.user.email);
    expect(mail!.raw).toContain('starts in 1 hour');
    expect(mail!.raw).toContain('https://meet.example/soon');
    // The same reminder's job run again (a retry, a second instance's send): recorded once, so no second mail.
    await scheduleReminder(h.db, {
      key: `group-session:${id}:${startsAt.toISOString()}:60:${client.user.id}`,
      userId: client.user.id,
      kind: 'meeting_reminder',
      at: new Date(),
      data: { sessionId: id, startsAt: startsAt.toISOString(), offset: 60, offsets: [1440, 60] },
    });
    await until('both runs finished', async () => {
      const rows = (
        await sql<{ state: string }>`select state from pgboss.job where name = 'reminder'
          and singleton_key like ${`group-session:${id}:%`}`.execute(h.db)
      ).rows;
      return rows.length === 2 && rows.every((r) => r.state === 'completed');
    });
    expect(mails()).toHaveLength(1);
  });
});

/** A fixed-offset zone whose clock shows the hour `hour` now (Etc/GMT-N is N hours east of UTC). */
function zoneAt(hour: number, now: Date) {
  let east = (hour - now.getUTCHours() + 24) % 24;
  if (east > 14) east -= 24;
  const zone = east === 0 ? 'Etc/GMT' : east > 0 ? `Etc/GMT-${east}` : `Etc/GMT+${-east}`;
  return { zone, east };
}

/** The push job queued last for `userId`: when it may start. */
const lastPush = async (userId: number) =>
  (
    await sql<{ start_after: Date }>`select start_after from pgboss.job where name = 'push'
      and (data ->> 'userId')::int = ${userId} order by created_on desc limit 1`.execute(h.db)
  ).rows[0]!.start_after;

describe('a push in quiet hours', () => {
  const raise = (at: Date) =>
    h.db.transaction().execute(async (trx) => {
      await notify(trx, {
        tenantId: client.user.tenantId,
        userId: client.user.id,
        kind: 'group_session',
        title: `Raised ${at.toISOString()}`,
        link: '/groups',
      });
    });

  it('raised at 23:00 on the person’s clock waits for 08:00 there; the bell has it at once', async () => {
    const now = new Date();
    const { zone, east } = zoneAt(23, now);
    await h.db
      .updateTable('users')
      .set({ time_zone: zone, quiet_from: '21:00', quiet_to: '08:00' })
      .where('id', '=', client.user.id)
      .execute();
    const since = await lastId();
    await raise(now);
    // 08:00 the next day on that clock.
    const local = new Date(now.getTime() + east * 3_600_000);
    const eight =
      Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + 1, 8) - east * 3_600_000;
    expect((await lastPush(client.user.id)).getTime()).toBe(eight);
    expect((await newFor(client, since)).map((n) => n.title)).toEqual([`Raised ${now.toISOString()}`]);
  });

  it('raised at noon on the person’s clock goes at once', async () => {
    const now = new Date();
    await h.db
      .updateTable('users')
      .set({ time_zone: zoneAt(12, now).zone, quiet_from: '21:00', quiet_to: '08:00' })
      .where('id', '=', client.user.id)
      .execute();
    await raise(now);
    const start = (await lastPush(client.user.id)).getTime();
    expect(start).toBeGreaterThanOrEqual(now.getTime());
    expect(start - now.getTime()).toBeLessThan(5000);
  });
});
