// Outgoing mail. With SMTP_URL it goes to that server; otherwise each message is written as an .eml file
// under the mail folder, which is how a developer (and the tests) read OTP codes and reset links locally.
// Only the subject and file are logged: bodies carry codes and links, which must never reach a log line.
// Services hand it drafts (mail-draft.ts): `send` renders each in its tenant's brand (branded-mail.ts), drops a
// notification its recipient turned off, and signs with the DKIM key of the sender's domain when there is one.
// Every mail goes through sendOrQueue, the one path: when the server fails it waits in the outbox
// (outbox-repository.ts) and sendQueued, the `mail` queue's handler (app.ts), sends it once the server is back.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type { Database } from '../../db/database.js';
import type { TenantConfig } from '../tenants/tenant-files.js';
import { createBrandedMail } from './branded-mail.js';
import type { MailDraft } from './mail-draft.js';
import { channelsOf } from '../notifications/channels.js';
import { deleteQueuedMail, enqueueMail, isStale, queuedMail, rescheduleMail } from './outbox-repository.js';
import type { MailJob } from './outbox-repository.js';
import type { MailMessage } from '../../../../contracts/mail-message.js';

export interface Mailer {
  /** Renders a draft in its tenant's brand and sends it, unless it is a notification its recipient turned off. */
  send(draft: MailDraft): Promise<void>;
  /** Sends now, or keeps the mail in the outbox to be sent again until it goes through. */
  sendOrQueue(message: MailMessage): Promise<void>;
  /** Tries a queued mail again (a `mail` job): sent, rescheduled further away, or given up after 7 days. */
  sendQueued(job: MailJob): Promise<void>;
  close(): void;
}

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

interface MailerOptions {
  smtpUrl?: string | undefined;
  mailDir: string;
  log: Log;
  db: Kysely<Database>;
  now: () => Date;
  /** The first delay before a failed mail is tried again, doubled at each try (15 s by default; tests shorten it). */
  retryDelayMs?: number | undefined;
  /** The tenants whose brand, sender and DKIM key the drafts take (none: the defaults). */
  tenants?: TenantConfig[] | undefined;
  /** Where the DKIM keys tenant.json names by variable are read from (process.env by default). */
  env?: NodeJS.ProcessEnv | undefined;
  /** A local stack's origin for the mails' links (MAIL_LINK_ORIGIN, branded-mail.ts); unset: the tenant's domain. */
  linkOrigin?: string | undefined;
  /** Signs the unsubscribe links of notifications (UNSUBSCRIBE_SECRET); unset: the local stack's fixed key. */
  unsubscribeSecret?: string | undefined;
}

// A server that does not answer must not hold a request (or a queued mail's job) for nodemailer's default minutes.
const smtpTimeouts = { connectionTimeout: 3000, greetingTimeout: 3000, socketTimeout: 5000 };

/** Puts a message on the wire (SMTP) or in the folder; throws what the transport threw. */
type Deliver = (message: MailMessage) => Promise<void>;

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

type Signer = (from: string) => { domainName: string; keySelector: string; privateKey: string } | undefined;

function deliverer(
  { smtpUrl, mailDir, log }: Pick<MailerOptions, 'smtpUrl' | 'mailDir' | 'log'>,
  sign: Signer,
) {
  // The message as nodemailer takes it: signed for the sender's domain when its tenant has a key.
  const prepared = (message: MailMessage) => {
    const dkim = sign(message.from);
    return dkim ? { ...message, dkim } : message;
  };
  if (smtpUrl) {
    const transport = nodemailer.createTransport({ url: smtpUrl, ...smtpTimeouts });
    const deliver: Deliver = async (message) => {
      await transport.sendMail(prepared(message));
      log.info({ subject: message.subject }, 'mail sent over SMTP');
    };
    return { deliver, close: () => transport.close() };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let sequence = 0;
  const deliver: Deliver = async (message) => {
    const info = await transport.sendMail(prepared(message));
    await mkdir(mailDir, { recursive: true });
    // Time first so a directory listing sorts by sending order; the counter breaks ties within a millisecond.
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}-${++sequence}.eml`;
    const file = join(mailDir, name);
    await writeFile(file, info.message as Buffer, { mode: 0o600 });
    log.info({ subject: message.subject, file }, 'mail written');
  };
  return { deliver, close: () => transport.close() };
}

export function createMailer(options: MailerOptions): Mailer {
  const { log, db, now } = options;
  const branded = createBrandedMail(
    options.tenants ?? [],
    options.env ?? process.env,
    log,
    options.linkOrigin,
    options.unsubscribeSecret,
  );
  const { deliver, close } = deliverer(options, (from) => branded.dkimFor(from));
  async function sendOrQueue(message: MailMessage) {
    try {
      await deliver(message);
    } catch (error) {
      log.warn({ err: error, subject: message.subject }, 'mail not sent: queued to be sent again');
      await enqueueMail(db, message, now(), reason(error), options.retryDelayMs);
    }
  }
  return {
    async send(draft) {
      if (draft.notice && !(await channelsOf(db, draft.notice.userId, draft.notice.kind)).mail) {
        log.info(
          { kind: draft.kind, notice: draft.notice.kind },
          'mail not sent: its recipient turned this kind off by mail',
        );
        return;
      }
      await sendOrQueue(branded.compose(draft));
    },
    sendOrQueue,
    async sendQueued(job) {
      // Gone or moved on: sent, given up or rescheduled by an earlier run of this job (pg-boss runs a job again
      // when its instance stopped answering, or when another job of its fetch failed).
      const mail = await queuedMail(db, job);
      if (!mail) return;
      const { subject } = mail.message;
      if (isStale(mail, now())) {
        if (await deleteQueuedMail(db, mail))
          log.error(
            { subject, attempts: mail.attempts, lastError: mail.lastError },
            'queued mail given up after 7 days',
          );
        return;
      }
      const outcome = await deliver(mail.message).then(
        () => ({ sent: true as const }),
        (error: unknown) => ({ sent: false as const, error }),
      );
      if (outcome.sent) {
        await deleteQueuedMail(db, mail);
        log.info({ subject, attempts: mail.attempts }, 'queued mail sent');
      } else {
        log.warn({ err: outcome.error, subject, attempts: mail.attempts }, 'queued mail not sent yet');
        await rescheduleMail(db, mail, reason(outcome.error), options.retryDelayMs);
      }
    },
    close,
  };
}
