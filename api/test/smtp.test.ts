// With SMTP_URL the OTP goes through a real SMTP conversation: an smtp-server on 127.0.0.1 receives it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarIcs } from '../../contracts/ics.js';
import { createMailer } from '../src/services/mail/mailer.js';
import { Harness, PASSWORD, nextIp } from './helpers/harness.js';
import { readMails } from './helpers/mail.js';
import { startSmtp } from './helpers/smtp.js';
import type { Received, TestSmtp } from './helpers/smtp.js';

const h = new Harness();
const inbox: Received[] = [];
let smtp: TestSmtp;

beforeAll(async () => {
  smtp = await startSmtp(inbox);
  await h.start({
    mail: { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, mailDir: '/nonexistent/never-written' },
  });
});
afterAll(async () => {
  await h.stop();
  await smtp?.close();
});

describe('SMTP delivery', () => {
  it('the OTP mail reaches the SMTP server, and the code it carries signs in', async () => {
    const user = await h.createUser();
    const ip = nextIp();
    const res = await h.call('POST', '/api/auth/loginotp', {
      ip,
      body: { email: user.email, password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(inbox).toHaveLength(1);
    const mail = inbox[0]!;
    expect(mail.to).toEqual([user.email]);
    expect(mail.from).toBe('no-reply@portal.alpha-coaching.example');
    expect(mail.raw).toContain('Subject: Your Alpha Coaching sign-in code');
    const code = /one-time password is: (\d{6})/.exec(mail.raw)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(await readMails('/nonexistent/never-written')).toEqual([]);
    const verify = await h.call('POST', '/api/v1/verifyOTP', {
      ip,
      body: { user_id: user.id, challenge: res.json().data.challenge, otp: code },
    });
    expect(verify.statusCode).toBe(200);
    expect(h.logs.some((l) => l.includes('mail sent over SMTP'))).toBe(true);
    expect(h.logs.join('\n')).not.toContain(code!);
  });

  it('a mail server that is down: the sign-in still answers, the code waits in the outbox', async () => {
    const down = await h.build({
      mail: { smtpUrl: 'smtp://127.0.0.1:1', mailDir: '/nonexistent/never-written' },
    });
    const user = await h.createUser();
    const failed = await down.inject({
      method: 'POST',
      url: '/api/auth/loginotp',
      headers: { 'x-tenant-id': '501' },
      remoteAddress: nextIp(),
      payload: { email: user.email, password: PASSWORD },
    });
    await down.close();
    expect(failed.statusCode).toBe(200);
    const queued = await h.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', user.email)
      .execute();
    expect(queued).toHaveLength(1);
    expect(queued[0]!.last_error).toMatch(/ECONNREFUSED/);
    expect(h.logs.some((l) => l.includes('mail not sent: queued to be sent again'))).toBe(true);
    // The queued body carries the code; the log line does not.
    const code = /one-time password is: (\d{6})/.exec(queued[0]!.body)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(h.logs.join('\n')).not.toContain(code!);
  });

  it('sends an attachment as a MIME part of its own: a calendar invitation with its method', async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      mailDir: '/nonexistent/never-written',
      log: { info: () => {}, warn: () => {}, error: () => {} },
      db: h.db,
      now: h.clock.now,
    });
    const ics = calendarIcs({
      method: 'REQUEST',
      uid: 'meeting-1@portal.alpha-coaching.example',
      sequence: 0,
      stamp: h.clock.now(),
      start: new Date('2027-04-06T08:00:00Z'),
      minutes: 60,
      title: 'Quarter review',
    });
    const before = inbox.length;
    await mailer.sendOrQueue({
      to: 'client@alpha.test',
      from: '"Alpha Coaching" <no-reply@portal.alpha-coaching.example>',
      subject: 'New meeting',
      text: 'The attached calendar file adds it to your calendar.',
      attachments: [{ filename: 'invite.ics', contentType: 'text/calendar; method=REQUEST', content: ics }],
    });
    mailer.close();
    expect(inbox).toHaveLength(before + 1);
    const raw = inbox[before]!.raw;
    expect(raw).toMatch(/^Content-Type: multipart\/mixed;/m);
    expect(raw).toMatch(/^Content-Type: text\/calendar; method=REQUEST/m);
    expect(raw).toMatch(/^Content-Disposition: attachment; filename=invite\.ics/m);
    const part = raw.slice(raw.indexOf('Content-Type: text/calendar'));
    // Base64 holds no "-", so the part ends where the boundary starts (the inbox's quoted-printable decoding
    // may have joined the padding's line to it).
    const body = part.slice(part.search(/\r?\n\r?\n/)).split('--')[0]!;
    expect(Buffer.from(body.replace(/[^A-Za-z0-9+/]/g, ''), 'base64').toString('utf8')).toBe(ics);
  });
});
