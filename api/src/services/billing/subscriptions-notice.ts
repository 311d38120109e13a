// "Failed payment → the client is told": when a renewal fails, the webhook's transaction plans a `payment`
// reminder due at once (so a rolled-back webhook tells nobody, and the job queue retries a mail server that is
// down); its handler re-reads the subscription and, still past due, mails the client and rings their bell, each on
// the channels they keep on for the `payment` kind. Its key names the purchase and the day it fell due, so a
// second failure of the same renewal, or a job run twice, tells once.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { formatMoney } from '../../../../contracts/billing.js';
import { owned } from '../access/scope.js';
import type { Actor } from '../access/scope.js';
import type { Mailer } from '../mail/mailer.js';
import { channelsOf } from '../notifications/channels.js';
import { notify } from '../notifications/notify.js';
import { tenantOf } from '../reminders/daily-mail.js';
import { claimSend, scheduleReminder } from '../reminders/reminders.js';
import type { ReminderJob } from '../reminders/reminders.js';
import { graceUntil } from './plan-standing.js';

interface PaymentNotice {
  tenantId: number;
  purchaseId: number;
}

/** Plans the notice of a renewal that failed at `since`, in the webhook's transaction. */
export const planPaymentNotice = (trx: Kysely<Database>, client: Actor, purchaseId: number, since: Date) =>
  scheduleReminder(trx, {
    key: `payment:${purchaseId}:${since.toISOString()}:${client.userId}`,
    userId: client.userId,
    kind: 'payment',
    at: since,
    data: { tenantId: client.tenantId, purchaseId } satisfies PaymentNotice,
  });

interface Deps {
  db: Kysely<Database>;
  mailer: Mailer;
  now: () => Date;
  log: { info(obj: object, msg: string): void };
}

/** The `payment` reminder's handler. */
export function paymentNoticeHandler({ db, mailer, now, log }: Deps) {
  return async (job: ReminderJob<PaymentNotice>) => {
    const client: Actor = { tenantId: job.data.tenantId, userId: job.userId, role: 'client' };
    const row = await db
      .selectFrom('purchases')
      .where(owned(client, 'purchases'))
      .innerJoin('subscriptions as s', 's.purchase_id', 'purchases.id')
      .innerJoin('offerings as o', 'o.id', 'purchases.offering_id')
      .innerJoin('users as u', 'u.id', 'purchases.client_id')
      .innerJoin('tenants as t', 't.id', 'purchases.tenant_id')
      .select([
        's.status',
        's.past_due_since',
        'o.title',
        'purchases.amount',
        'purchases.currency',
        'u.first_name',
        'u.email',
        'u.time_zone',
        't.billing_grace_days',
      ])
      .where('purchases.id', '=', job.data.purchaseId)
      .executeTakeFirst();
    const skip = (why: string) => log.info({ key: job.key, why }, 'payment notice not sent');
    if (!row?.past_due_since || row.status !== 'past_due') return skip('paid since');
    if (!(await claimSend(db, job, client.tenantId, now()))) return skip('already sent');
    const until = new Intl.DateTimeFormat('en-GB', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      timeZone: row.time_zone ?? 'UTC',
    }).format(graceUntil(new Date(row.past_due_since), row.billing_grace_days));
    const amount = formatMoney(row.amount, row.currency);
    const link = '/billing';
    const channels = await channelsOf(db, job.userId, 'payment');
    if (channels.mail) {
      const tenant = await tenantOf(db, client.tenantId);
      await mailer.send({
        tenant,
        kind: 'payment-failed',
        to: row.email,
        notice: { userId: job.userId, kind: 'payment' },
        values: {
          firstName: row.first_name,
          title: row.title,
          amount,
          graceUntil: until,
          link: `https://${tenant.domain}${link}`,
        },
      });
    }
    await notify(db, {
      tenantId: client.tenantId,
      userId: job.userId,
      kind: 'payment',
      title: `Your payment for "${row.title}" did not go through`,
      body: `${amount}. You can keep booking until ${until}.`,
      link,
    });
  };
}
