// Calendars through the API: a coach's outside calendars fetched from a real HTTP server on 127.0.0.1 (and
// refused for the addresses the webhook rules refuse), kept when a later fetch fails, fetched by its job on the
// queue once however many instances run it, one job waiting a connection; and each person's feed out, read by ical.js, holding their
// meetings alone, with the UID of the meeting's invitation mail, gone at once when revoked or rotated.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo, LookupFunction } from 'node:net';
import type { FastifyInstance } from 'fastify';
import ICAL from 'ical.js';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fromEpochMs } from '../src/db/epoch-ms.js';
import { busyOfCoach } from '../src/services/calendars/connections-repository.js';
import { sendJobs } from '../src/services/jobs/job-queue.js';
import { as, startSignedIn } from './helpers/coach.js';
import { ALPHA, Harness } from './helpers/harness.js';
import { waitForMail } from './helpers/mail.js';
import { signIn } from './helpers/sign-in.js';
import type { Person } from './helpers/sign-in.js';
import { until as waitUntil } from './helpers/until.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/ical/${name}`, import.meta.url), 'utf8');

/** A calendar server on 127.0.0.1 whose answer a test sets per path; it counts the requests of each path. */
class CalendarServer {
  readonly hits = new Map<string, number>();
  answer: (path: string) => { status: number; body?: string; headers?: Record<string, string> } = () => ({
    status: 200,
    body: fixture('google.ics'),
  });
  private server?: Server;
  base = '';

  async up() {
    const server = createServer((req, res) => {
      const path = req.url ?? '/';
      this.hits.set(path, (this.hits.get(path) ?? 0) + 1);
      const { status, body = '', headers = {} } = this.answer(path);
      res.writeHead(status, { 'content-type': 'text/calendar; charset=utf-8', ...headers }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    this.server = server;
  }

  async down() {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

const h = new Harness();
const server = new CalendarServer();
let coach: Person;
let coach2: Person;
let client: Person;
let client2: Person;
let coachId: number;

// The fixtures' dates: the feeds' window and the calendars' are measured from here.
const NOW = Date.parse('2026-03-01T12:00:00Z');

beforeAll(async () => {
  h.clock.advance(NOW - h.clock.now().getTime());
  [coach, coach2, client, client2] = await startSignedIn(h, 'coach', 'coach2', 'client', 'client2');
  await server.up();
  coachId = (
    await h.db
      .selectFrom('coaches')
      .select('id')
      .where('user_id', '=', coach.user.id)
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await server.down();
  await h.stop();
});

type Connection = {
  id: number;
  label: string;
  host: string;
  state: string;
  problem: string | null;
  busy_count: number;
  last_success_at: string | null;
  last_attempt_at: string | null;
};

const add = async (url: string, who = coach, app?: FastifyInstance) => {
  const res = app
    ? await app.inject({
        method: 'POST',
        url: '/api/v1/coach/calendars',
        headers: { 'x-tenant-id': String(ALPHA), authorization: `Bearer ${who.token}` },
        payload: { label: 'Work', url },
      })
    : await as(h, who, 'POST', '/api/v1/coach/calendars', { label: 'Work', url });
  return res;
};

describe('a coach connects an outside calendar', () => {
  it('fetches it at once, its busy times go to booking, and no answer shows the address', async () => {
    const res = await add(`${server.base}/secret-abc123/basic.ics`);
    expect(res.statusCode, res.body).toBe(201);
    const calendar = res.json().data as Connection;
    expect(calendar).toMatchObject({ label: 'Work', host: '127.0.0.1', state: 'ok', problem: null });
    expect(calendar.busy_count).toBe(9);
    expect(res.body).not.toContain('secret-abc123');
    const listed = await as(h, coach, 'GET', '/api/v1/coach/calendars');
    expect(listed.body).not.toContain('secret-abc123');
    expect((listed.json().data as Connection[]).map((c) => c.id)).toEqual([calendar.id]);

    // What booking's busy times read of the coach's calendars (booking-repository.ts runs the same query).
    const busy = (
      await busyOfCoach(
        h.db,
        ALPHA,
        coachId,
        new Date('2026-03-01T00:00:00Z'),
        new Date('2026-04-01T00:00:00Z'),
      )
        .orderBy('start')
        .execute()
    ).map((row) => ({ start: fromEpochMs(row.start), end: fromEpochMs(row.end) }));
    expect(busy.map((b) => `${b.start.toISOString()}/${b.end.toISOString()}`)).toEqual([
      '2026-03-02T08:00:00.000Z/2026-03-02T09:00:00.000Z',
      '2026-03-04T15:00:00.000Z/2026-03-04T15:30:00.000Z',
      '2026-03-17T13:00:00.000Z/2026-03-17T14:00:00.000Z',
      '2026-03-23T08:00:00.000Z/2026-03-23T09:00:00.000Z',
      '2026-03-27T23:00:00.000Z/2026-03-29T22:00:00.000Z',
      '2026-03-30T07:00:00.000Z/2026-03-30T08:00:00.000Z',
    ]);
    // Another coach's calendars are not theirs, nor can they touch this one.
    const other = await as(h, coach2, 'GET', '/api/v1/coach/calendars');
    expect(other.json().data).toEqual([]);
    expect((await as(h, coach2, 'POST', `/api/v1/coach/calendars/${calendar.id}/refresh`)).statusCode).toBe(
      404,
    );
    expect((await as(h, coach2, 'DELETE', `/api/v1/coach/calendars/${calendar.id}`)).statusCode).toBe(404);
    expect((await as(h, client, 'GET', '/api/v1/coach/calendars')).statusCode).toBe(403);

    // webcal:// is the same address over https (here refused: nothing answers https on that port).
    const webcal = await add(`webcal://127.0.0.1:1/cal.ics`);
    expect(webcal.statusCode, webcal.body).toBe(201);
    expect(webcal.json().data).toMatchObject({ host: '127.0.0.1', state: 'failing' });
    await as(h, coach, 'DELETE', `/api/v1/coach/calendars/${(webcal.json().data as Connection).id}`);
  });

  it('keeps the last good busy times when a fetch fails, and says when it last worked', async () => {
    const path = '/keeps/basic.ics';
    const first = (await add(`${server.base}${path}`)).json().data as Connection;
    expect(first.state).toBe('ok');
    server.answer = () => ({ status: 500, body: 'oops' });
    h.clock.advance(60_000);
    const failed = await as(h, coach, 'POST', `/api/v1/coach/calendars/${first.id}/refresh`);
    expect(failed.statusCode).toBe(200);
    expect(failed.json().data).toMatchObject({
      state: 'failing',
      problem: 'The calendar’s server answered with an error (HTTP 500).',
      busy_count: 9,
      last_success_at: first.last_success_at,
    });
    expect((failed.json().data as Connection).last_attempt_at).not.toBe(first.last_attempt_at);
    server.answer = () => ({ status: 200, body: '<html>Sign in to continue</html>' });
    const html = (await as(h, coach, 'POST', `/api/v1/coach/calendars/${first.id}/refresh`)).json()
      .data as Connection;
    expect(html).toMatchObject({ state: 'failing', busy_count: 9 });
    expect(html.problem).toBe('The address did not give a calendar (an .ics file).');
    // Working again: a new set replaces the old one whole.
    server.answer = () => ({ status: 200, body: fixture('apple.ics') });
    const back = (await as(h, coach, 'POST', `/api/v1/coach/calendars/${first.id}/refresh`)).json()
      .data as Connection;
    expect(back).toMatchObject({ state: 'ok', problem: null, busy_count: 6 });
    // Removing it removes its busy times.
    expect((await as(h, coach, 'DELETE', `/api/v1/coach/calendars/${first.id}`)).json()).toEqual({
      data: { id: first.id },
    });
    const left = (await as(h, coach, 'GET', '/api/v1/coach/calendars')).json().data as Connection[];
    expect(left.map((c) => c.busy_count)).toEqual([9]);
    server.answer = () => ({ status: 200, body: fixture('google.ics') });
  });

  it('follows no redirect, and refuses an answer over 5 MB', async () => {
    server.answer = (path) =>
      path === '/moved.ics'
        ? { status: 302, headers: { location: `${server.base}/elsewhere.ics` } }
        : { status: 200, body: fixture('google.ics') };
    const moved = (await add(`${server.base}/moved.ics`)).json().data as Connection;
    expect(moved).toMatchObject({ state: 'failing', busy_count: 0 });
    expect(moved.problem).toContain('sends us elsewhere');
    expect(server.hits.get('/elsewhere.ics')).toBeUndefined();

    server.answer = () => ({ status: 200, body: 'X'.repeat(5 * 1024 * 1024 + 1) });
    const large = (await add(`${server.base}/large.ics`)).json().data as Connection;
    expect(large).toMatchObject({ state: 'failing', problem: 'The calendar is larger than 5 MB.' });
    server.answer = () => ({ status: 200, body: fixture('google.ics') });
    for (const c of [moved, large]) await as(h, coach, 'DELETE', `/api/v1/coach/calendars/${c.id}`);
  });

  it('refuses internal addresses: at the fetch, at once in production, and a name resolving to one', async () => {
    for (const url of ['https://10.0.0.1/cal.ics', 'https://169.254.169.254/latest/meta-data']) {
      const res = await add(url);
      expect(res.json().data, url).toMatchObject({
        state: 'failing',
        problem: 'This address is not allowed: it leads into a private network.',
      });
      await as(h, coach, 'DELETE', `/api/v1/coach/calendars/${(res.json().data as Connection).id}`);
    }
    // Plain http to anything but this machine is refused as it is typed.
    const plain = await add('http://calendar.example.com/cal.ics');
    expect(plain.statusCode).toBe(422);

    // Production: an internal address is a 422 as typed; a name is checked when it is resolved.
    const lookup = ((
      hostname: string,
      options: { all?: boolean },
      callback: (...args: unknown[]) => void,
    ) => {
      const address = hostname === 'calendar.internal.example' ? '10.1.2.3' : '127.0.0.1';
      if (options.all) callback(null, [{ address, family: 4 }]);
      else callback(null, address, 4);
    }) as unknown as LookupFunction;
    const production = await h.build({ production: true, webhooks: { lookup } });
    try {
      for (const url of ['https://10.0.0.1/cal.ics', 'https://169.254.169.254/', `${server.base}/cal.ics`]) {
        const res = await add(url, coach, production);
        expect(res.statusCode, url).toBe(422);
      }
      const named = await add('webcal://calendar.internal.example/cal.ics', coach, production);
      expect(named.statusCode).toBe(201);
      expect(named.json().data).toMatchObject({
        host: 'calendar.internal.example',
        state: 'failing',
        problem: 'This address is not allowed: it leads into a private network.',
      });
      await as(h, coach, 'DELETE', `/api/v1/coach/calendars/${(named.json().data as Connection).id}`);
    } finally {
      await production.close();
    }
  });
});

describe('the schedule, on the job queue', () => {
  /** The `calendar` jobs of a connection, oldest first: states and when each is due. */
  const jobsOf = async (id: number) =>
    (
      await sql<{ state: string; start_after: Date }>`select state, start_after from pgboss.job
        where name = 'calendar' and singleton_key = ${`connection:${id}:`} order by created_on`.execute(h.db)
    ).rows;
  const waitingOf = async (id: number) => (await jobsOf(id)).filter((j) => j.state === 'created');
  /** Makes a connection's waiting job due now: the queue's clock is the database's, which a test cannot move. */
  const dueNow = (id: number) =>
    sql`update pgboss.job set start_after = now() - interval '1 second'
      where name = 'calendar' and singleton_key = ${`connection:${id}:`} and state = 'created'`.execute(h.db);
  const until = <T>(what: string, probe: () => Promise<T | undefined | false>) =>
    waitUntil(what, probe, () => h.logs.slice(-5).join('\n'));
  const workers: FastifyInstance[] = [];
  /** Another API instance on the same database running the jobs (as N instances do). */
  const worker = async (everyMs?: number) => {
    const app = await h.build({ jobs: { pollingSeconds: 0.5 }, ...(everyMs && { calendars: { everyMs } }) });
    workers.push(app);
    await app.ready();
    return app;
  };
  const close = async (app: FastifyInstance) => {
    workers.splice(workers.indexOf(app), 1);
    await app.close();
  };
  // Each test's instances stop with it: one left running would run the next test's jobs at its own pace.
  afterEach(async () => {
    for (const app of [...workers]) await close(app);
  });
  /** Due 15 minutes after `from` (real time: the queue's), give or take the test's own run. */
  const inFifteenMinutes = (job: { start_after: Date } | undefined, from: number) => {
    const at = new Date(job!.start_after).getTime();
    expect(at).toBeGreaterThanOrEqual(from + 15 * 60_000);
    expect(at).toBeLessThanOrEqual(Date.now() + 15 * 60_000);
  };

  it('keeps one job a connection: due 15 minutes after each fetch, moved by Refresh, dropped on removal', async () => {
    const before = Date.now();
    const id = ((await add(`${server.base}/one-job.ics`)).json().data as Connection).id;
    const [first, ...more] = await jobsOf(id);
    expect(more).toEqual([]);
    expect(first!.state).toBe('created');
    inFifteenMinutes(first, before);
    // Clicks on Refresh fetch at once and move the next fetch 15 minutes on: still one job.
    for (let i = 0; i < 3; i++)
      expect((await as(h, coach, 'POST', `/api/v1/coach/calendars/${id}/refresh`)).statusCode).toBe(200);
    const [moved, ...others] = await jobsOf(id);
    expect(others).toEqual([]);
    expect(new Date(moved!.start_after).getTime()).toBeGreaterThan(new Date(first!.start_after).getTime());
    // The queue itself refuses a second waiting job of a connection (its stately policy).
    await sendJobs(h.db, [{ queue: 'calendar', data: { connectionId: id }, key: `connection:${id}:` }]);
    expect(await jobsOf(id)).toHaveLength(1);
    expect((await as(h, coach, 'DELETE', `/api/v1/coach/calendars/${id}`)).statusCode).toBe(200);
    expect(await jobsOf(id)).toEqual([]);
  });

  it('fetches each due calendar once with two instances running and one restarted', async () => {
    const paths = ['/a.ics', '/b.ics', '/c.ics'];
    const ids: number[] = [];
    for (const path of paths) ids.push(((await add(`${server.base}${path}`)).json().data as Connection).id);
    const [first] = [await worker(), await worker()];
    // Nothing is due for 15 minutes: the instances fetch nothing meanwhile.
    expect(paths.map((p) => server.hits.get(p))).toEqual([1, 1, 1]);
    await close(first!);
    await worker();

    const from = Date.now();
    for (const id of ids) await dueNow(id);
    const rounds = await Promise.all(
      ids.map((id) =>
        until(`calendar ${id} fetched by its job`, async () => {
          const jobs = await jobsOf(id);
          return jobs.length === 2 && jobs[0]!.state === 'completed' && jobs[1]!.state === 'created' && jobs;
        }),
      ),
    );
    expect(paths.map((p) => server.hits.get(p))).toEqual([2, 2, 2]);
    for (const [, next] of rounds) inFifteenMinutes(next, from);
    const listed = (await as(h, coach, 'GET', '/api/v1/coach/calendars')).json().data as Connection[];
    for (const id of ids)
      expect(listed.find((c) => c.id === id)).toMatchObject({ state: 'ok', busy_count: 9 });
    for (const id of ids) await as(h, coach, 'DELETE', `/api/v1/coach/calendars/${id}`);
  });

  it('records a failed fetch as the coach reads it and plans the next all the same', async () => {
    const id = ((await add(`${server.base}/fails-later.ics`)).json().data as Connection).id;
    const app = await worker();
    server.answer = (path) =>
      path === '/fails-later.ics' ? { status: 404 } : { status: 200, body: fixture('google.ics') };
    try {
      const from = Date.now();
      await dueNow(id);
      const [, next] = await until('the failed fetch recorded', async () => {
        const jobs = await jobsOf(id);
        return jobs.length === 2 && jobs[0]!.state === 'completed' && jobs;
      });
      inFifteenMinutes(next, from);
      const listed = (await as(h, coach, 'GET', '/api/v1/coach/calendars')).json().data as Connection[];
      // The last good busy times stay, with why the last fetch failed.
      expect(listed.find((c) => c.id === id)).toMatchObject({
        state: 'failing',
        busy_count: 9,
        problem: 'The calendar’s server refused the address: it may have been reset. Copy it again.',
      });
    } finally {
      server.answer = () => ({ status: 200, body: fixture('google.ics') });
      await as(h, coach, 'DELETE', `/api/v1/coach/calendars/${id}`);
      await close(app);
    }
  });

  it('runs each connection as a chain until it is removed, and a job of a removed one does nothing', async () => {
    const app = await worker(300);
    const id = ((await add(`${server.base}/chain.ics`, coach, app)).json().data as Connection).id;
    // Added (fetched at once), then fetched by its job twice, each job planning the next.
    await until('two fetches by jobs', async () => (server.hits.get('/chain.ics') ?? 0) >= 3);
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/v1/coach/calendars/${id}`,
      headers: { 'x-tenant-id': String(ALPHA), authorization: `Bearer ${coach.token}` },
    });
    expect(removed.statusCode).toBe(200);
    // A job running at the removal finishes; it finds the connection gone and plans nothing.
    const jobs = await until('the chain ended', async () => {
      const all = await jobsOf(id);
      return all.every((j) => j.state === 'completed') && all;
    });
    // Every fetch was the add's or one job's: none twice, none lost.
    expect(server.hits.get('/chain.ics')).toBe(1 + jobs.length);

    // A job sent for a connection that is gone (removed after it was sent) completes and does nothing.
    await sendJobs(h.db, [{ queue: 'calendar', data: { connectionId: id }, key: `connection:${id}:` }]);
    await until('the stray job done', async () => {
      const all = await jobsOf(id);
      return all.length === jobs.length + 1 && all.every((j) => j.state === 'completed');
    });
    expect(server.hits.get('/chain.ics')).toBe(1 + jobs.length);
    await close(app);
  });

  it('gives connections made before the queue their first job when an instance starts', async () => {
    // As migration 1902 finds them: rows without a job, one never fetched and one fetched just now.
    const connect = (path: string, fetched: Date | null) =>
      h.db
        .insertInto('calendar_connections')
        .values({
          tenant_id: ALPHA,
          coach_id: coachId,
          label: 'Before',
          url: `${server.base}${path}`,
          host: '127.0.0.1',
          created_at: h.clock.now(),
          last_attempt_at: fetched,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const never = await connect('/never.ics', null);
    const recent = await connect('/recent.ics', h.clock.now());
    const from = Date.now();
    const app = await worker();
    await until('the never-fetched one fetched', async () => {
      const [done, next] = await jobsOf(never.id);
      return done?.state === 'completed' && next?.state === 'created';
    });
    expect(server.hits.get('/never.ics')).toBe(1);
    // The one fetched a moment ago waits out its 15 minutes.
    const [waiting, ...more] = await jobsOf(recent.id);
    expect(more).toEqual([]);
    inFifteenMinutes(waiting, from);
    expect(server.hits.get('/recent.ics')).toBeUndefined();
    // Another instance starting plans nothing more.
    await worker();
    expect(await waitingOf(recent.id)).toHaveLength(1);
    for (const { id } of [never, recent]) await as(h, coach, 'DELETE', `/api/v1/coach/calendars/${id}`);
    await close(app);
  });
});

describe('a person’s calendar feed', () => {
  const feedPath = (url: string) => new URL(url).pathname;
  const read = async (url: string) => h.call('GET', feedPath(url), { tenant: null });
  const events = (text: string) =>
    new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));

  it('holds the coach’s meetings with the invitation mail’s UID, and nobody else’s', async () => {
    const booked = await as(h, coach, 'POST', '/api/v1/coach/meetings', {
      client_id: client.user.id,
      title: 'Feed check',
      agenda: 'Plans',
      start: '2026-03-10T10:00',
      duration_minutes: 45,
      meeting_url: 'https://meet.example/feed',
      confirm_overlap: true,
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const meeting = booked.json().data as { id: number; starts_at: string };
    const mail = await waitForMail(h.mailDir, client.user.email);
    const mailed = new ICAL.Event(
      new ICAL.Component(
        ICAL.parse(mail.attachments!.find((a) => a.contentType.startsWith('text/calendar'))!.content),
      ).getFirstSubcomponent('vevent')!,
    );

    expect((await as(h, coach, 'GET', '/api/v1/calendar-feed')).json()).toEqual({ data: null });
    const at = h.clock.now();
    const made = await as(h, coach, 'POST', '/api/v1/calendar-feed');
    expect(made.statusCode).toBe(201);
    const { url, webcal } = made.json().data as { url: string; webcal: string };
    expect(url).toMatch(
      /^https:\/\/portal\.alpha-coaching\.example\/api\/v1\/calendar-feeds\/[\w-]{43}\.ics$/,
    );
    expect(webcal).toBe(url.replace('https://', 'webcal://'));
    expect((await as(h, coach, 'GET', '/api/v1/calendar-feed')).json().data).toEqual({
      created_at: at.toISOString(),
    });

    const res = await read(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const calendar = new ICAL.Component(ICAL.parse(res.body));
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    const feed = events(res.body);
    const mine = feed.find((e) => e.uid === mailed.uid)!;
    expect(mine.startDate.toJSDate().toISOString()).toBe(meeting.starts_at);
    expect(mine.summary).toMatch(/^Feed check \(/);
    expect(mine.location).toBe('https://meet.example/feed');

    // Exactly the coach's own meetings in the window (30 days back, a year ahead): none of coach2's.
    const theirs = await h.db
      .selectFrom('meetings')
      .innerJoin('coaches', 'coaches.id', 'meetings.coach_id')
      .select(['meetings.id', 'coaches.user_id'])
      .where('meetings.tenant_id', '=', ALPHA)
      .where('meetings.starts_at', '>', new Date(NOW - 30 * 86_400_000))
      .where('meetings.starts_at', '<', new Date(NOW + 365 * 86_400_000))
      .execute();
    const uid = (id: number) => `meeting-${id}@portal.alpha-coaching.example`;
    expect(theirs.some((m) => m.user_id === coach2.user.id)).toBe(true);
    expect(feed.map((e) => e.uid).sort()).toEqual(
      theirs
        .filter((m) => m.user_id === coach.user.id)
        .map((m) => uid(m.id))
        .sort(),
    );
  });

  it('a client’s holds their own meetings alone', async () => {
    const made = (await as(h, client2, 'POST', '/api/v1/calendar-feed')).json().data as { url: string };
    const feed = events((await read(made.url)).body);
    const own = await h.db
      .selectFrom('meetings')
      .select('id')
      .where('client_id', '=', client2.user.id)
      .where('starts_at', '>', new Date(NOW - 30 * 86_400_000))
      .execute();
    expect(own.length).toBeGreaterThan(0);
    expect(feed.map((e) => e.uid).sort()).toEqual(
      own.map((m) => `meeting-${m.id}@portal.alpha-coaching.example`).sort(),
    );
  });

  it('stops at once: the old address after a rotation, any address after revoking, an unknown one', async () => {
    const first = (await as(h, client, 'POST', '/api/v1/calendar-feed')).json().data as { url: string };
    expect((await read(first.url)).statusCode).toBe(200);
    const second = (await as(h, client, 'POST', '/api/v1/calendar-feed')).json().data as { url: string };
    expect(second.url).not.toBe(first.url);
    expect((await read(first.url)).statusCode).toBe(404);
    expect((await read(second.url)).statusCode).toBe(200);

    const revoked = await as(h, client, 'DELETE', '/api/v1/calendar-feed');
    expect(revoked.json()).toEqual({ data: null });
    const gone = await read(second.url);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: 'This calendar feed does not exist.' });
    expect((await as(h, client, 'GET', '/api/v1/calendar-feed')).json()).toEqual({ data: null });
    expect((await read('https://x/api/v1/calendar-feeds/not-a-token.ics')).statusCode).toBe(404);
    // The token never reaches the log.
    const token = feedPath(second.url).split('/').pop()!.replace('.ics', '');
    expect(h.logs.join('\n')).not.toContain(token);
  });

  it('is for clients and coaches only', async () => {
    const admin = await signIn(h, { demo: 'admin' });
    expect((await as(h, admin, 'POST', '/api/v1/calendar-feed')).statusCode).toBe(403);
  });
});
