// "Forms not filled": a send with a due date gets one reminder to its client at 09:00 on the day before it is
// due, on their wall clock and out of their quiet hours, or an hour after it was sent when that time is already
// past (a form due tomorrow, sent tonight). planFormReminder runs in the transaction that sent it; a submission
// drops it (in its own). The handler re-reads the send anyway: submitted or deleted since, it sends nothing.
// Its bell line, mail and push are the `form` notification kind's, each on the channels the client keeps on.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { owned } from '../access/scope.js';
import type { Actor } from '../access/scope.js';
import type { Mailer } from '../mail/mailer.js';
import { channelsOf } from '../notifications/channels.js';
import { notify } from '../notifications/notify.js';
import { dayName, tenantOf } from './daily-mail.js';
import { dailyTime, outsideQuietHours, quietOf } from './quiet-hours.js';
import { cancelReminders, claimSend, scheduleReminder } from './reminders.js';
import type { ReminderJob } from './reminders.js';

interface FormReminder {
  tenantId: number;
  sendId: number;
}

const REMIND_AT = '09:00';
const HOUR = 3_600_000;
/** A person without a zone of their own lives in UTC's days (as the daily reminders read them). */
const FALLBACK_ZONE = 'UTC';
const prefix = (sendId: number) => `form:${sendId}:`;

/** A calendar date as the driver gives it (text, or a Date at its UTC midnight) as YYYY-MM-DD. */
const isoDay = (value: Date | string) =>
  typeof value === 'string' ? value : value.toISOString().slice(0, 10);

/** The day before YYYY-MM-DD. */
const dayBefore = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** The client's send, read as theirs. */
async function sendOf(db: Kysely<Database>, client: Actor, id: number) {
  return db
    .selectFrom('form_sends as s')
    .where(owned(client, 'form_sends as s'))
    .innerJoin('forms as f', 'f.id', 's.form_id')
    .innerJoin('users as u', 'u.id', 's.client_id')
    .innerJoin('tenants as t', 't.id', 's.tenant_id')
    .select([
      's.id',
      's.tenant_id',
      's.client_id',
      's.status',
      's.due_on',
      'f.title',
      'u.first_name',
      'u.email',
      'u.time_zone',
      'u.quiet_from',
      'u.quiet_to',
      't.quiet_hours',
    ])
    .where('s.id', '=', id)
    .executeTakeFirst();
}

/** Plans the reminder of a send just made, in `trx`, the transaction that made it: none without a due date. */
export async function planFormReminder(
  trx: Kysely<Database>,
  client: Actor,
  sendId: number,
  now: Date,
): Promise<void> {
  const send = await sendOf(trx, client, sendId);
  if (!send || send.due_on === null || send.status !== 'draft') return;
  const zone = send.time_zone ?? FALLBACK_ZONE;
  const quiet = quietOf(send, send.quiet_hours);
  let at = dailyTime(dayBefore(isoDay(send.due_on)), REMIND_AT, quiet, zone);
  if (at.getTime() < now.getTime() + HOUR)
    at = outsideQuietHours(new Date(now.getTime() + HOUR), quiet, zone);
  await scheduleReminder(trx, {
    key: `${prefix(sendId)}${send.client_id}`,
    userId: send.client_id,
    kind: 'form',
    at,
    data: { tenantId: client.tenantId, sendId } satisfies FormReminder,
  });
}

/** Drops a send's reminder still waiting, in the transaction that submitted it. */
export const dropFormReminder = (trx: Kysely<Database>, sendId: number) =>
  cancelReminders(trx, prefix(sendId));

interface Deps {
  db: Kysely<Database>;
  mailer: Mailer;
  now: () => Date;
  log: { info(obj: object, msg: string): void };
}

/** The `form` reminder's handler: reminds once of a send still to submit. */
export function formReminderHandler({ db, mailer, now, log }: Deps) {
  return async (job: ReminderJob<FormReminder>) => {
    const client: Actor = { tenantId: job.data.tenantId, userId: job.userId, role: 'client' };
    const send = await sendOf(db, client, job.data.sendId);
    const skip = (why: string) => log.info({ key: job.key, why }, 'form reminder not sent');
    if (!send) return skip('deleted');
    if (send.status !== 'draft') return skip('submitted');
    if (send.due_on === null) return skip('no due date');
    const channels = await channelsOf(db, job.userId, 'form');
    if (!channels.in_app && !channels.mail && !channels.push) return skip('turned off');
    if (!(await claimSend(db, job, send.tenant_id, now()))) return skip('already sent');
    const tenant = await tenantOf(db, send.tenant_id);
    const due = dayName(isoDay(send.due_on));
    const link = `/forms/${send.id}`;
    if (channels.mail)
      await mailer.send({
        tenant,
        kind: 'form-reminder',
        to: send.email,
        // The mailer adds the kind's one-click unsubscribe and checks the mail channel again.
        notice: { userId: send.client_id, kind: 'form' },
        values: {
          firstName: send.first_name,
          title: send.title,
          due,
          link: `https://${tenant.domain}${link}`,
        },
      });
    // The bell's line and the push, each on its own channel (notify reads them again).
    await notify(db, {
      tenantId: send.tenant_id,
      userId: send.client_id,
      kind: 'form',
      title: `Please fill "${send.title}"`,
      body: `Due ${due}`,
      link,
    });
  };
}
