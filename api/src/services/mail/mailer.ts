// Outgoing mail. With SMTP_URL it goes to that server; otherwise each message is written as an .eml file
// under the mail folder, which is how a developer (and the tests) read OTP codes and reset links locally.
// Only the subject and file are logged: bodies carry codes and links, which must never reach a log line.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { HttpError } from '../../errors.js';

export interface MailMessage {
  to: string;
  from: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

interface Log {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

interface MailerOptions {
  smtpUrl?: string | undefined;
  mailDir: string;
  log: Log;
}

// A mail server that is down is not a bug in the request: the caller gets a 503 it can retry after, and the
// reason goes to the log only.
async function reportFailure(log: Log, subject: string, send: () => Promise<void>): Promise<void> {
  try {
    await send();
  } catch (error) {
    log.error({ err: error, subject }, 'mail not sent');
    throw new HttpError(503, 'We could not send the email right now. Please try again in a minute.');
  }
}

export function createMailer({ smtpUrl, mailDir, log }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      send: (message) =>
        reportFailure(log, message.subject, async () => {
          await transport.sendMail(message);
          log.info({ subject: message.subject }, 'mail sent over SMTP');
        }),
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let sequence = 0;
  return {
    send: (message) =>
      reportFailure(log, message.subject, async () => {
        const info = await transport.sendMail(message);
        await mkdir(mailDir, { recursive: true });
        // Time first so a directory listing sorts by sending order; the counter breaks ties within a millisecond.
        const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}-${++sequence}.eml`;
        const file = join(mailDir, name);
        await writeFile(file, info.message as Buffer, { mode: 0o600 });
        log.info({ subject: message.subject, file }, 'mail written');
      }),
    close: () => transport.close(),
  };
}
