// The mail outbox (migration 0800): what could not be sent, claimed for another try so that several API
// instances on one database never send the same row at the same time. A claim is a lease: the row's next try
// pushed ahead. The sender renews it while a send lasts (renewLease), and every later write is fenced on the
// lease it holds, so a sender whose lease ran out (its process paused) can no longer touch the row.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { MailMessage } from '../../../../contracts/mail-message.js';

/** How long a claimed row stays out of other instances' reach unless its sender renews the lease. */
const leaseMs = 5 * 60_000;
/** How long a mail that does not go through is tried before it is given up. */
const keepTryingMs = 7 * 24 * 60 * 60_000;
const staleBefore = (at: Date) => new Date(at.getTime() - keepTryingMs);

interface QueuedMail {
  id: number;
  attempts: number;
  message: MailMessage;
  /** The claim's end, which is the row's next_attempt_at while this sender holds it. */
  leaseUntil: Date;
}

/**
 * 15 s after the first failure, doubling each time, at most an hour apart: a one-time password (valid 5 minutes)
 * still arrives in time after a short outage, and a long one costs a try an hour.
 */
const retryDelayMs = (attempts: number): number => Math.min(15_000 * 2 ** (attempts - 1), 60 * 60_000);

export async function enqueueMail(db: Kysely<Database>, message: MailMessage, at: Date, error: string) {
  await db
    .insertInto('mail_outbox')
    .values({
      to_address: message.to,
      from_address: message.from,
      subject: message.subject,
      body: message.text,
      attachments: message.attachments ? JSON.stringify(message.attachments) : null,
      headers: message.headers ? JSON.stringify(message.headers) : null,
      html: message.html ?? null,
      message_id: message.messageId ?? null,
      next_attempt_at: new Date(at.getTime() + retryDelayMs(1)),
      last_error: error,
      created_at: at,
    })
    .execute();
}

/**
 * Takes up to `limit` due rows and pushes them a lease ahead in one statement. SKIP LOCKED: rows another
 * instance is claiming at this moment are left to it rather than waited for.
 */
export async function claimDueMail(db: Kysely<Database>, at: Date, limit: number): Promise<QueuedMail[]> {
  const rows = await db
    .updateTable('mail_outbox')
    .set({ next_attempt_at: new Date(at.getTime() + leaseMs) })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('mail_outbox')
        .select('id')
        .where('next_attempt_at', '<=', at)
        // A row that went stale after this round's drop is left to the next one, which logs it given up.
        .where('created_at', '>=', staleBefore(at))
        .orderBy('id')
        .limit(limit)
        .modifyEnd(sql`for update skip locked`),
    )
    .returningAll()
    .execute();
  return rows.map((r) => ({
    id: r.id,
    attempts: r.attempts,
    message: {
      to: r.to_address,
      from: r.from_address,
      subject: r.subject,
      text: r.body,
      ...(r.html === null ? {} : { html: r.html }),
      ...(r.message_id === null ? {} : { messageId: r.message_id }),
      ...(r.attachments ? { attachments: r.attachments } : {}),
      ...(r.headers ? { headers: r.headers } : {}),
    },
    leaseUntil: r.next_attempt_at,
  }));
}

/** Pushes the lease a full term ahead of `at`; false when it is no longer this sender's to renew. */
export async function renewLease(db: Kysely<Database>, mail: QueuedMail, at: Date): Promise<boolean> {
  const leaseUntil = new Date(at.getTime() + leaseMs);
  const row = await db
    .updateTable('mail_outbox')
    .set({ next_attempt_at: leaseUntil })
    .where('id', '=', mail.id)
    .where('next_attempt_at', '=', mail.leaseUntil)
    .returning('id')
    .executeTakeFirst();
  if (row) mail.leaseUntil = leaseUntil;
  return row !== undefined;
}

export async function deleteSentMail(db: Kysely<Database>, mail: QueuedMail): Promise<void> {
  await db
    .deleteFrom('mail_outbox')
    .where('id', '=', mail.id)
    .where('next_attempt_at', '=', mail.leaseUntil)
    .execute();
}

export async function rescheduleMail(db: Kysely<Database>, mail: QueuedMail, at: Date, error: string) {
  const attempts = mail.attempts + 1;
  await db
    .updateTable('mail_outbox')
    .set({ attempts, next_attempt_at: new Date(at.getTime() + retryDelayMs(attempts)), last_error: error })
    .where('id', '=', mail.id)
    .where('next_attempt_at', '=', mail.leaseUntil)
    .execute();
}

/**
 * Deletes what was queued more than a week before `at` and never went through (an address the server keeps refusing, an
 * outage of days): a week-old code or notice is of no use, and the table must not grow for ever. Returns what
 * was given up, for the log (never the body).
 */
export async function dropStaleMail(db: Kysely<Database>, at: Date) {
  return db
    .deleteFrom('mail_outbox')
    .where('created_at', '<', staleBefore(at))
    .returning(['subject', 'attempts', 'last_error'])
    .execute();
}
