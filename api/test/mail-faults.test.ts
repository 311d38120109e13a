// A real SMTP server on 127.0.0.1 that this file stops and starts again: a one-time password mailed while it
// is down waits in the outbox with a `mail` job (the job queue), is tried again (and fails again) while it
// stays down, and arrives exactly once when it is back, even across a restart; the code it carries signs in.
// The app that serves the calls runs no jobs; the instances that run them share its database, as N API
// instances do. The queue's claim keeps two instances from sending one mail, even while a send hangs; what
// never goes through is given up after a week. The queue's clock is the database's: tests shorten the delays
// (retryDelayMs) rather than move it.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../src/services/mail/mailer.js';
import {
  enqueueMail,
  rescheduleMail,
  queuedMail,
  retryDelayMs,
} from '../src/services/mail/outbox-repository.js';
import { Harness, PASSWORD, nextIp } from './helpers/harness.js';
import { startSmtp } from './helpers/smtp.js';
import { until as waitUntil } from './helpers/until.js';
import type { Received, TestSmtp } from './helpers/smtp.js';

const h = new Harness();
const inbox: Received[] = [];
let smtp: TestSmtp | undefined;
const base = 50;
let workers: FastifyInstance[] = [];

/** Another API instance on the same database that runs the jobs, mailing over SMTP on `port`. */
async function worker(port: number) {
  const app = await h.build({
    mail: { smtpUrl: `smtp://127.0.0.1:${port}`, mailDir: '/nonexistent/never-written', retryDelayMs: base },
    jobs: { pollingSeconds: 0.5 },
  });
  workers.push(app);
  return app;
}

const until = <T>(what: string, probe: () => Promise<T | undefined | false>) =>
  waitUntil(what, probe, () => h.logs.slice(-5).join('\n'), 15_000);

const outbox = (to: string) =>
  h.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', to).orderBy('id').execute();

/** The `mail` jobs of an outbox row: the try each is for, its state, and how far after its creation it is due. */
const jobsOf = async (id: number) =>
  (
    await sql<{
      attempt: number;
      state: string;
      start_after: Date;
      delay_ms: number;
      retry_limit: number;
    }>`select
      (data->>'attempt')::int as attempt, state, start_after, (extract(epoch from start_after - created_on) * 1000)::float8 as delay_ms,
      retry_limit
      from pgboss.job where name = 'mail' and (data->>'id')::int = ${id} order by created_on`.execute(h.db)
  ).rows;

const sentTo = (box: Received[], to: string) => box.filter((m) => m.to.includes(to));

beforeAll(async () => {
  smtp = await startSmtp(inbox);
  await h.start({
    mail: {
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      mailDir: '/nonexistent/never-written',
      retryDelayMs: base,
    },
  });
});
afterEach(async () => {
  await Promise.all(workers.map((app) => app.close()));
  workers = [];
});
afterAll(async () => {
  await h.stop();
  await smtp?.close();
});

describe('SMTP faults', () => {
  it('waits 15 s after a failure, doubling at each try, at most an hour', () => {
    expect([1, 2, 3, 4, 8, 9, 20].map((n) => retryDelayMs(n) / 1000)).toEqual([
      15, 30, 60, 120, 1920, 3600, 3600,
    ]);
    expect(retryDelayMs(3, base)).toBe(200);
  });

  it('an OTP mailed while the server is down arrives once it is back, once, across a restart, and signs in', async () => {
    const user = await h.createUser();
    const ip = nextIp();
    const port = smtp!.port;
    await smtp!.close();

    // The answer is the usual one: the code is on its way, only later.
    const before = Date.now();
    const res = await h.call('POST', '/api/auth/loginotp', {
      ip,
      body: { email: user.email, password: PASSWORD },
    });
    const after = Date.now();
    expect(res.statusCode).toBe(200);
    const [queued] = await outbox(user.email);
    expect(queued).toMatchObject({ attempts: 1, last_error: expect.stringMatching(/ECONNREFUSED/) });
    // The rendered mail is kept whole: its HTML and its Message-ID, so the retry sends the same mail.
    expect(queued!.html).toContain('<html lang="en"');
    expect(queued!.message_id).toMatch(/^<[0-9a-f-]+@portal\.alpha-coaching\.example>$/);
    // Its first retry, queued with it, is due one base delay on (the served app runs no jobs: it waits).
    const [first] = await jobsOf(queued!.id);
    // A handler that throws (the database down mid-run) is retried by pg-boss for about a week, not half an hour:
    // the row must never be left without a job before its own 7 days are up.
    expect(first).toMatchObject({ attempt: 1, state: 'created', retry_limit: 14 });
    expect(first!.start_after.getTime()).toBeGreaterThanOrEqual(before + base);
    expect(first!.start_after.getTime()).toBeLessThanOrEqual(after + base);

    // Still down when an instance runs it: tried again, kept, and the next try is further away.
    const down = await worker(port);
    const retried = await until('two retries', async () =>
      (await outbox(user.email)).find((r) => r.attempts >= 3),
    );
    expect(retried.last_error).toMatch(/ECONNREFUSED/);
    const jobs = await jobsOf(queued!.id);
    expect(jobs[0]!.state).toBe('completed');
    const second = jobs.find((j) => j.attempt === 2)!;
    // Planned in the transaction that counted the try (its created_on), two base delays on.
    expect(second.delay_ms).toBeGreaterThanOrEqual(2 * base - 1);
    expect(second.delay_ms).toBeLessThan(2 * base + 1000);

    // The instance stops, the server comes back, another instance starts: the due try waited in the database.
    await down.close();
    workers = workers.filter((app) => app !== down);
    smtp = await startSmtp(inbox, port);
    await worker(port);
    const mail = await until('the mail', async () => sentTo(inbox, user.email)[0]);
    await until('an empty outbox', async () => (await outbox(user.email)).length === 0);
    await until('its jobs done', async () =>
      (await jobsOf(queued!.id)).every((j) => j.state === 'completed'),
    );
    expect(sentTo(inbox, user.email)).toHaveLength(1);

    expect(mail.raw.replace(/\r?\n[ \t]+/g, ' ')).toContain(`Message-ID: ${queued!.message_id}`);
    expect(mail.raw).toContain('Content-Type: text/html');
    const code = /one-time password is: (\d{6})/.exec(mail.raw)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const verify = await h.call('POST', '/api/v1/verifyOTP', {
      ip,
      body: { user_id: user.id, challenge: res.json().data.challenge, otp: code },
    });
    expect(verify.statusCode).toBe(200);
    expect(h.logs.some((l) => l.includes('"msg":"queued mail sent"'))).toBe(true);
    // Neither a failed try nor the send logged the body.
    expect(h.logs.join('\n')).not.toContain(code!);
  }, 60_000);

  it('a mail goes out once across two instances, even while its send hangs', async () => {
    // A server that takes each mail and answers only when the test says.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const slow: Received[] = [];
    const server = await startSmtp(slow, 0, () => released);
    try {
      await worker(server.port);
      await worker(server.port);
      const message = (to: string) => ({ to, from: 'no-reply@example.test', subject: 'Slow', text: 'once' });
      await enqueueMail(h.db, message('slow@example.test'), h.clock.now(), 'test', base);
      await until('the send under way', async () => sentTo(slow, 'slow@example.test').length > 0);
      // The instance sending it waits on the server; a mail queued now is fetched by the other instance, which
      // then has looked at the queue while the first mail's job was claimed, and left it.
      await enqueueMail(h.db, message('next@example.test'), h.clock.now(), 'test', base);
      await until('the next send under way', async () => sentTo(slow, 'next@example.test').length > 0);
      release();
      await until('an empty outbox', async () => {
        const left = await h.db
          .selectFrom('mail_outbox')
          .select('id')
          .where('subject', '=', 'Slow')
          .execute();
        return left.length === 0;
      });
      expect(sentTo(slow, 'slow@example.test')).toHaveLength(1);
      expect(sentTo(slow, 'next@example.test')).toHaveLength(1);
      const failed = h.logs.filter((l) => l.includes('"subject":"Slow"') && l.includes('not sent yet'));
      expect(failed).toEqual([]);
    } finally {
      release();
      await server.close();
    }
  });

  it('a job run again (pg-boss retries a job whose instance it deems gone) finds its mail done and sends nothing', async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${smtp!.port}`,
      mailDir: '/nonexistent/never-written',
      log: { info() {}, warn() {}, error() {} },
      db: h.db,
      now: h.clock.now,
    });
    const message = (to: string) => ({ to, from: 'no-reply@example.test', subject: 'Again', text: 't' });
    try {
      // Sent, then its job again: the row is gone.
      const sent = await enqueueMail(h.db, message('again@example.test'), h.clock.now(), 'test', 60_000);
      await mailer.sendQueued(sent);
      await mailer.sendQueued(sent);
      expect(sentTo(inbox, 'again@example.test')).toHaveLength(1);
      // Rescheduled by one run, then the older try's job again: the row has moved on to the next try.
      const moved = await enqueueMail(h.db, message('moved@example.test'), h.clock.now(), 'test', 60_000);
      await rescheduleMail(h.db, (await queuedMail(h.db, moved))!, 'refused', 60_000);
      await mailer.sendQueued(moved);
      expect(sentTo(inbox, 'moved@example.test')).toEqual([]);
      expect(await outbox('moved@example.test')).toMatchObject([{ attempts: 2 }]);
    } finally {
      mailer.close();
    }
  });

  it('gives up what has not gone through in 7 days (logged, never the body), and sends the rest', async () => {
    const day = 24 * 60 * 60_000;
    const message = (to: string) => ({
      to,
      from: 'no-reply@example.test',
      subject: `For ${to}`,
      text: 'the body, which no log line holds',
    });
    // Queued 8 and 6 days ago by the app's clock, both due now: an instance's jobs take them.
    const ago = (days: number) => new Date(h.clock.now().getTime() - days * day);
    await enqueueMail(h.db, message('stale@example.test'), ago(8), 'refused', base);
    await enqueueMail(h.db, message('late@example.test'), ago(6), 'refused', base);
    await worker(smtp!.port);
    await until('the 6-day-old mail', async () => sentTo(inbox, 'late@example.test')[0]);
    await until('the 8-day-old mail gone', async () => (await outbox('stale@example.test')).length === 0);
    expect(sentTo(inbox, 'stale@example.test')).toEqual([]);
    const given = h.logs.filter((l) => l.includes('queued mail given up after 7 days'));
    expect(given).toHaveLength(1);
    expect(given[0]).toContain('"subject":"For stale@example.test"');
    expect(given[0]).toContain('"attempts":1');
    expect(given[0]).toContain('"lastError":"refused"');
    expect(h.logs.join('\n')).not.toContain('which no log line holds');
  });
});
