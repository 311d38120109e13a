// With SMTP_URL the OTP goes through a real SMTP conversation: an smtp-server on 127.0.0.1 receives it.
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Harness, PASSWORD, nextIp } from './helpers/harness.js';
import { decodeQuotedPrintable, readMails } from './helpers/mail.js';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

const h = new Harness();
const inbox: Received[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      inbox.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((r) => r.address),
        raw: decodeQuotedPrintable(Buffer.concat(chunks).toString('utf8')),
      });
      callback();
    });
  },
});

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  await h.start({ mail: { smtpUrl: `smtp://127.0.0.1:${port}`, mailDir: '/nonexistent/never-written' } });
});
afterAll(async () => {
  await h.stop();
  await new Promise<void>((resolve) => smtp.close(resolve));
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

  it('a mail server that is down gives 503 and does not count as a sent mail', async () => {
    const down = await h.build({
      mail: { smtpUrl: 'smtp://127.0.0.1:1', mailDir: '/nonexistent/never-written' },
    });
    const user = await h.createUser();
    const body = { email: user.email, password: PASSWORD };
    const failed = await down.inject({
      method: 'POST',
      url: '/api/auth/loginotp',
      headers: { 'x-tenant-id': '501' },
      payload: body,
    });
    await down.close();
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toEqual({
      message: 'We could not send the email right now. Please try again in a minute.',
    });
    expect(h.logs.some((l) => l.includes('mail not sent'))).toBe(true);
    const retry = await h.call('POST', '/api/auth/loginotp', { ip: nextIp(), body });
    expect(retry.statusCode).toBe(200);
  });
});
