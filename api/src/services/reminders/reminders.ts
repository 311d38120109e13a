// Reminders: one queue (`reminder`, services/jobs/) for every kind, each job a person, a kind and the key of
// what it reminds of. The API for other services (a form not filled, a payment due):
//   scheduleReminder(trx, { key, userId, kind, at, data })  in the transaction of the change that calls for it;
//   cancelReminders(trx, keyPrefix)                          drops the ones still waiting, e.g. `meeting:12:`;
// and a handler for the kind in createReminderRunner. A key names what was reminded, to whom and for when
// (`meeting:12:<start>:60:34`): the handler records it in reminder_sends before it sends, so a job run twice (a
// retry, two instances) sends once.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { dropJobs, sendJobs } from '../jobs/job-queue.js';
import type { NotificationKind } from '../../../../contracts/notifications.js';

type ReminderKind =
  | Extract<NotificationKind, 'meeting_reminder' | 'steps_digest' | 'morning_summary' | 'form' | 'payment'>
  // An invoice's mail (billing/invoice-mail.ts): no notification, sent once the invoice is issued.
  | 'invoice';

export interface Reminder<D extends object = object> {
  /** What, to whom and for when: the unique key of reminder_sends, and what cancelReminders matches. */
  key: string;
  userId: number;
  kind: ReminderKind;
  /** Due then: quiet hours already applied by the caller (quiet-hours.ts). */
  at: Date;
  /** What the kind's handler needs to re-read its subject. */
  data: D;
}

/** The job's data: the reminder with its time as text. */
export type ReminderJob<D extends object = object> = Omit<Reminder<D>, 'at'> & { at: string };

export async function scheduleReminders(trx: Kysely<Database>, reminders: Reminder[]): Promise<void> {
  await sendJobs(
    trx,
    reminders.map(({ at, ...reminder }) => ({
      queue: 'reminder',
      data: { ...reminder, at: at.toISOString() } satisfies ReminderJob,
      startAfter: at,
      key: reminder.key,
    })),
  );
}

export const scheduleReminder = (trx: Kysely<Database>, reminder: Reminder) =>
  scheduleReminders(trx, [reminder]);

export const cancelReminders = (trx: Kysely<Database>, keyPrefix: string) =>
  dropJobs(trx, 'reminder', keyPrefix);

/**
 * Records that the reminder `key` is sent, once: true for the caller that recorded it (and then sends), false
 * when it was already. Recorded before the send: a crash between the two loses that reminder rather than
 * sending it twice.
 */
export async function claimSend(
  db: Kysely<Database>,
  job: ReminderJob,
  tenantId: number,
  now: Date,
): Promise<boolean> {
  const row = await db
    .insertInto('reminder_sends')
    .values({ key: job.key, tenant_id: tenantId, user_id: job.userId, kind: job.kind, sent_at: now })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('key')
    .executeTakeFirst();
  return row !== undefined;
}

type Handler = (job: ReminderJob<never>) => Promise<void>;

/** The `reminder` queue's handler: each kind's own. A kind without one is a mistake, retried until fixed. */
export function createReminderRunner(handlers: Partial<Record<ReminderKind, Handler>>) {
  return async (job: ReminderJob) => {
    const handle = handlers[job.kind];
    if (!handle) throw new Error(`No handler for reminders of kind ${job.kind}.`);
    await handle(job as ReminderJob<never>);
  };
}
