// The mail outbox (migration 0800): what could not be sent, kept until it goes through. Each row's next try is a
// job of the `mail` queue (migration 1900) carrying the row's id and the try it is for, sent in the transaction
// that writes the row: the queue's fetch claims it, so several API instances on one database never send the
// same row at the same time. A job whose try is no longer the row's (the row was rescheduled or sent by a run
// that pg-boss then ran again) finds nothing to do: every write is fenced on the try it was for.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { sendJobs } from '../jobs/job-queue.js';
import type { MailMessage } from '../../../../contracts/mail-message.js';

/** How long a mail that does not go through is tried before it is given up. */
const keepTryingMs = 7 * 24 * 60 * 60_000;

/** What a `mail` job carries: the outbox row and the try it is for (the row's attempts when it was sent). */
export interface MailJob {
  id: number;
  attempt: number;
}

interface QueuedMail {
  id: number;
  attempts: number;
  createdAt: Date;
  lastError: string;
  message: MailMessage;
}

/**
 * 15 s after the first failure, doubling each time, at most an hour apart: a one-time password (valid 5 minutes)
 * still arrives in time after a short outage, and a long one costs a try an hour. `baseMs` is the first delay
 * (tests shorten it: the queue's clock is the database's, which they cannot move).
 */
export const retryDelayMs = (attempts: number, baseMs = 15_000): number =>
  Math.min(baseMs * 2 ** (attempts - 1), 60 * 60_000);

/**
 * A job may run this long before pg-boss deems its instance gone and runs it again (the old outbox's lease). A
 * send gives up within seconds (mailer.ts's timeouts), and one fetch's jobs run 4 at a time, so even a fetch of
 * 100 mails to a server that times out each ends well within it; a crashed instance's mail waits this long.
 */
const expireInSeconds = 15 * 60;

/** The job of `mail`'s try `attempt`, due `delayMs` from now on real time (the database's clock, not the app's). */
const tryJob = (id: number, attempt: number, delayMs: number) => ({
  queue: 'mail' as const,
  data: { id, attempt } satisfies MailJob,
  startAfter: new Date(Date.now() + delayMs),
  expireInSeconds,
});

/** Keeps a mail that failed at `at` (the row) and plans its next try (the job), in one transaction; returns the job. */
export async function enqueueMail(
  db: Kysely<Database>,
  message: MailMessage,
  at: Date,
  error: string,
  baseMs?: number,
): Promise<MailJob> {
  return db.transaction().execute(async (trx) => {
    const { id, attempts } = await trx
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
        last_error: error,
        created_at: at,
      })
      .returning(['id', 'attempts'])
      .executeTakeFirstOrThrow();
    await sendJobs(trx, [tryJob(id, attempts, retryDelayMs(attempts, baseMs))]);
    return { id, attempt: attempts };
  });
}

/** The row a job is for, if it is still there and still at that try. */
export async function queuedMail(db: Kysely<Database>, job: MailJob): Promise<QueuedMail | undefined> {
  const r = await db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('id', '=', job.id)
    .where('attempts', '=', job.attempt)
    .executeTakeFirst();
  if (!r) return undefined;
  return {
    id: r.id,
    attempts: r.attempts,
    createdAt: r.created_at,
    lastError: r.last_error,
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
  };
}

/** Queued at least a week before `at`: a week-old code or notice is of no use, and the table must not grow. */
export const isStale = (mail: QueuedMail, at: Date) => mail.createdAt.getTime() < at.getTime() - keepTryingMs;

/** Deletes a mail sent or given up; false when another run of its job got there first. */
export async function deleteQueuedMail(db: Kysely<Database>, mail: QueuedMail): Promise<boolean> {
  const row = await db
    .deleteFrom('mail_outbox')
    .where('id', '=', mail.id)
    .where('attempts', '=', mail.attempts)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Counts a failed try and plans the next one, further away, in one transaction. */
export async function rescheduleMail(db: Kysely<Database>, mail: QueuedMail, error: string, baseMs?: number) {
  const attempts = mail.attempts + 1;
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('mail_outbox')
      .set({ attempts, last_error: error })
      .where('id', '=', mail.id)
      .where('attempts', '=', mail.attempts)
      .returning('id')
      .executeTakeFirst();
    if (row) await sendJobs(trx, [tryJob(mail.id, attempts, retryDelayMs(attempts, baseMs))]);
  });
}
