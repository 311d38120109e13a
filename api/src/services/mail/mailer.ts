// Outgoing mail. With SMTP_URL it goes to that server; otherwise each message is written as an .eml file
// under the mail folder, which is how a developer (and the tests) read OTP codes and reset links locally.
// Only the subject and file are logged: bodies carry codes and links, which must never reach a log line.
// Services hand it drafts (mail-draft.ts): `send` renders each in its tenant's brand (branded-mail.ts), drops a
// notification its recipient turned off, and signs with the DKIM key of the sender's domain when there is one.
// Every mail goes through sendOrQueue, the one path: when the server fails it waits in the outbox
// (outbox-repository.ts) and retryQueued, called by mail-retry.ts, sends it once the server is back.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type { Database } from '../../db/database.js';
import type { TenantConfig } from '../tenants/tenant-files.js';
import { createBrandedMail } from './branded-mail.js';
import type { MailDraft } from './mail-draft.js';
import { channelsOf } from '../notifications/channels.js';
import {
  claimDueMail,
  deleteSentMail,
  dropStaleMail,
  enqueueMail,
  renewLease,
  rescheduleMail,
} from './outbox-repository.js';
import type { MailMessage } from '../../../../contracts/mail-message.js';

export interface Mailer {
  /** Renders a draft in its tenant's brand and sends it, unless it is a notification its recipient turned off. */
  send(draft: MailDraft): Promise<void>;
  /** Sends now, or keeps the mail in the outbox to be sent again until it goes through. */
  sendOrQueue(message: MailMessage): Promise<void>;
  /** Tries the outbox's due mail again; resolves to how many went out. */
  retryQueued(): Promise<number>;
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
  /** How often a queued mail's lease is renewed while it is being sent (a minute by default). */
  renewLeaseEveryMs?: number | undefined;
  /** The tenants whose brand, sender and DKIM key the drafts take (none: the defaults). */
  tenants?: TenantConfig[] | undefined;
  /** Where the DKIM keys tenant.json names by variable are read from (process.env by default). */
  env?: NodeJS.ProcessEnv | undefined;
  /** A local stack's origin for the mails' links (MAIL_LINK_ORIGIN, branded-mail.ts); unset: the tenant's domain. */
  linkOrigin?: string | undefined;
  /** Signs the unsubscribe links of notifications (UNSUBSCRIBE_SECRET); unset: the local stack's fixed key. */
  unsubscribeSecret?: string | undefined;
}

/** How many queued mails one retry sends at most. */
const batch = 20;

// A server that does not answer must not hold a request (or the retry loop) for nodemailer's default minutes.
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
      await enqueueMail(db, message, now(), reason(error));
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
    async retryQueued() {
      const dropped = await dropStaleMail(db, now());
      for (const { subject, attempts, last_error } of dropped)
        log.error({ subject, attempts, lastError: last_error }, 'queued mail given up after 7 days');
      let sent = 0;
      // One row at a time, each claimed just before its send: a long send cannot run out the lease of rows
      // still waiting behind it, which another instance would then take and send as well.
      for (let i = 0; i < batch; i++) {
        const [mail] = await claimDueMail(db, now(), 1);
        if (!mail) break;
        // The lease is renewed while the send lasts; renewals are chained so the last one has landed (and the
        // lease it holds is known) before the row is deleted or rescheduled.
        let renewing = Promise.resolve();
        const renewal = setInterval(() => {
          renewing = renewing
            .then(() => renewLease(db, mail, now()))
            .then(
              (held) => void (held || log.warn({ subject: mail.message.subject }, 'queued mail lease lost')),
              (error: unknown) => log.warn({ err: error }, 'renewing a queued mail lease failed'),
            );
        }, options.renewLeaseEveryMs ?? 60_000).unref();
        const outcome = await deliver(mail.message).then(
          () => ({ sent: true as const }),
          (error: unknown) => ({ sent: false as const, error }),
        );
        clearInterval(renewal);
        await renewing;
        if (outcome.sent) {
          await deleteSentMail(db, mail);
          sent++;
        } else {
          log.warn(
            { err: outcome.error, subject: mail.message.subject, attempts: mail.attempts },
            'queued mail not sent yet',
          );
          await rescheduleMail(db, mail, now(), reason(outcome.error));
        }
      }
      return sent;
    },
    close,
  };
}
