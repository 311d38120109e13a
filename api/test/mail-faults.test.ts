// A real SMTP server on 127.0.0.1 that this file stops and starts again: a one-time password mailed while it
// is down waits in the outbox, is tried again (and fails again) while it stays down, and arrives exactly once
// when it is back; the code it carries signs in. Rows are claimed so two instances never send the same one,
// not even when a send outlasts the claim's lease; what never goes through is given up after a week.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../src/services/mail/mailer.js';
import { claimDueMail, enqueueMail } from '../src/services/mail/outbox-repository.js';
import { Harness, PASSWORD, nextIp } from './helpers/harness.js';
import { startSmtp } from './helpers/smtp.js';
import type { Received, TestSmtp } from './helpers/smtp.js';

const h = new Harness();
const inbox: Received[] = [];
let smtp: TestSmtp | undefined;

async function until<T>(probe: () => Promise<T | undefined>, what: string): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`no sign of ${what}:\n${h.logs.slice(-5).join('\n')}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const outbox = (to: string) =>
  h.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', to).orderBy('id').execute();

beforeAll(async () => {
  smtp = await startSmtp(inbox);
  await h.start({
    mail: {
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      mailDir: '/nonexistent/never-written',
      retryEveryMs: 50,
    },
  });
});
afterAll(async () => {
  await h.stop();
  await smtp?.close();
});

describe('SMTP faults', () => {
  it('an OTP mailed while the server is down arrives once it is back, once, and signs in', async () => {
    const user = await h.createUser();
    const ip = nextIp();
    const port = smtp!.port;
    await smtp!.close();

    // The answer is the usual one: the code is on its way, only later.
    const res = await h.call('POST', '/api/auth/loginotp', {
      ip,
      body: { email: user.email, password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const [queued] = await outbox(user.email);
    expect(queued).toMatchObject({ attempts: 1, last_error: expect.stringMatching(/ECONNREFUSED/) });
    // The rendered mail is kept whole: its HTML and its Message-ID, so the retry sends the same mail.
    expect(queued!.html).toContain('<html lang="en"');
    expect(queued!.message_id).toMatch(/^<[0-9a-f-]+@portal\.alpha-coaching\.example>$/);

    // Still down when it falls due: tried again, kept, and the next try is further away.
    h.clock.advance(16_000);
    const retried = await until(
      async () => (await outbox(user.email)).find((r) => r.attempts === 2),
      'a retry',
    );
    expect(retried.next_attempt_at.getTime()).toBe(h.clock.now().getTime() + 30_000);
    expect(retried.last_error).toMatch(/ECONNREFUSED/);

    smtp = await startSmtp(inbox, port);
    h.clock.advance(31_000);
    const mail = await until(async () => inbox.find((m) => m.to.includes(user.email)), 'the mail');
    await until(async () => ((await outbox(user.email)).length === 0 ? true : undefined), 'an empty outbox');
    expect(inbox.filter((m) => m.to.includes(user.email))).toHaveLength(1);

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
  }, 60_000);

  it('two instances claiming at once never take the same row', async () => {
    // Queued an hour ahead of the app's clock, so its own retry loop leaves them alone; claimed two hours ahead.
    const at = new Date(h.clock.now().getTime() + 60 * 60_000);
    const message = (i: number) => ({
      to: `claim${i}@example.test`,
      from: 'no-reply@example.test',
      subject: 's',
      text: 't',
    });
    for (let i = 0; i < 6; i++) await enqueueMail(h.db, message(i), at, 'test');
    const later = new Date(at.getTime() + 60 * 60_000);
    const [a, b] = await Promise.all([claimDueMail(h.db, later, 4), claimDueMail(h.db, later, 4)]);
    const claimed = [...a, ...b].map((m) => m.message.to).sort();
    expect(claimed).toEqual([0, 1, 2, 3, 4, 5].map((i) => message(i).to));
  });

  it('a send that outlasts the lease keeps it renewed: no other instance takes the row, it goes out once', async () => {
    // A server that takes the mail and answers only when the test says, and an instance of its own whose clock
    // the test moves; queued hours ahead of the app's clock, so the app's retry loop leaves the row alone.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const slow: Received[] = [];
    const server = await startSmtp(slow, 0, () => released);
    let at = new Date(h.clock.now().getTime() + 2 * 60 * 60_000);
    const warnings: string[] = [];
    const log = { info() {}, warn: (_: object, msg: string) => void warnings.push(msg), error() {} };
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${server.port}`,
      mailDir: '/nonexistent/never-written',
      log,
      db: h.db,
      now: () => at,
      renewLeaseEveryMs: 20,
    });
    const to = 'slow-lease@example.test';
    await enqueueMail(h.db, { to, from: 'no-reply@example.test', subject: 'Slow', text: 'once' }, at, 'test');
    at = new Date(at.getTime() + 20_000);
    try {
      const sending = mailer.retryQueued();
      await until(async () => (slow.length > 0 ? true : undefined), 'the send under way');
      // Six minutes on: the claim's 5-minute lease would have run out, but the sender renews it.
      at = new Date(at.getTime() + 6 * 60_000);
      await until(async () => {
        const [row] = await outbox(to);
        return row && row.next_attempt_at.getTime() === at.getTime() + 5 * 60_000 ? true : undefined;
      }, 'a renewed lease');
      // Another instance claiming now (rows the test above left may be due; this one is not).
      const claimed = await claimDueMail(h.db, at, 100);
      expect(claimed.map((m) => m.message.to)).not.toContain(to);
      release();
      expect(await sending).toBe(1);
      expect(slow.filter((m) => m.to.includes(to))).toHaveLength(1);
      expect(await outbox(to)).toEqual([]);
      expect(warnings).toEqual([]);
    } finally {
      release();
      mailer.close();
      await server.close();
    }
  });

  it('gives up what has not gone through in 7 days (logged), and sends the rest', async () => {
    const day = 24 * 60 * 60_000;
    const message = (to: string) => ({ to, from: 'no-reply@example.test', subject: `For ${to}`, text: 't' });
    // Queued 8 and 6 days ago by the app's clock, both due now: its own retry loop takes them.
    await enqueueMail(h.db, message('stale@example.test'), new Date(h.clock.now().getTime() - 8 * day), 'x');
    await enqueueMail(h.db, message('late@example.test'), new Date(h.clock.now().getTime() - 6 * day), 'x');
    await until(async () => inbox.find((m) => m.to.includes('late@example.test')), 'the 6-day-old mail');
    await until(
      async () => ((await outbox('stale@example.test')).length === 0 ? true : undefined),
      'the 8-day-old mail gone',
    );
    expect(inbox.filter((m) => m.to.includes('stale@example.test'))).toEqual([]);
    const given = h.logs.filter((l) => l.includes('queued mail given up after 7 days'));
    expect(given).toHaveLength(1);
    expect(given[0]).toContain('"subject":"For stale@example.test"');
    expect(given[0]).not.toContain('"text"');
  });
});
