// Every invoice and credit note is mailed to its client with its PDF attached, once. recordEvent's
// invoice.issued reaches notificationsFor in the transaction that issued it, which plans the mail as a job of
// the `reminder` queue (due at once): a rolled-back payment mails nothing, and a mail server that is down
// delays the mail rather than the payment. The job records its key in reminder_sends before it sends, so a job
// run twice (a retry, two instances) mails once. A receipt is no notification: it is sent whatever the
// client's mail preferences say, as the law of most places expects an invoice to reach its buyer.
import type { Kysely } from 'kysely';
import { formatMoney } from '../../../../contracts/billing.js';
import type { EventData } from '../../../../contracts/events.js';
import type { Database } from '../../db/database.js';
import type { Mailer } from '../mail/mailer.js';
import { claimSend, scheduleReminder } from '../reminders/reminders.js';
import type { ReminderJob } from '../reminders/reminders.js';
import type { TenantConfig } from '../tenants/tenant-files.js';
import { invoiceFile } from './invoice-pdf-service.js';

interface InvoiceMail {
  tenantId: number;
  invoiceId: number;
}

/** In the transaction that issued the invoice: its mail, due now (real time: the queue's clock is the database's). */
export function planInvoiceMail(
  trx: Kysely<Database>,
  tenantId: number,
  issued: EventData<'invoice.issued'>,
) {
  return scheduleReminder(trx, {
    key: `invoice:${issued.invoice_id}`,
    userId: issued.client_id,
    kind: 'invoice',
    at: new Date(),
    data: { tenantId, invoiceId: issued.invoice_id } satisfies InvoiceMail,
  });
}

/** The job's handler: the invoice's PDF, mailed to its client in the tenant's brand. */
export function invoiceMailHandler(deps: {
  db: Kysely<Database>;
  mailer: Mailer;
  tenants: TenantConfig[];
  now: () => Date;
}) {
  const { db, mailer, now } = deps;
  const configs = new Map(deps.tenants.map((t) => [t.id, t]));
  return async (job: ReminderJob<InvoiceMail>) => {
    const { tenantId, invoiceId } = job.data;
    const config = configs.get(tenantId);
    if (!config) return;
    // The tenant reads its own invoice, as its admin would.
    const file = await invoiceFile(db, config, { tenantId, userId: 0, role: 'admin' }, invoiceId);
    const to = await db
      .selectFrom('users')
      .innerJoin('tenants', 'tenants.id', 'users.tenant_id')
      .select(['users.first_name', 'users.email', 'users.time_zone', 'tenants.name', 'tenants.domain'])
      .where('users.id', '=', job.userId)
      .where('users.tenant_id', '=', tenantId)
      .executeTakeFirst();
    if (!file || !to || !(await claimSend(db, job, tenantId, now()))) return;
    const { invoice } = file;
    const lang = config.mail.brand.lang;
    await mailer.send({
      tenant: { id: tenantId, name: to.name, domain: to.domain },
      kind: 'invoice',
      to: to.email,
      values: {
        firstName: to.first_name,
        document: invoice.kind === 'credit_note' ? 'Credit note' : 'Invoice',
        number: invoice.number,
        amount: formatMoney(invoice.total, invoice.currency, lang),
        date: new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: to.time_zone ?? 'UTC' }).format(
          invoice.issued_at,
        ),
        link: `https://${to.domain}/billing`,
      },
      attachments: [
        {
          filename: file.name,
          contentType: 'application/pdf',
          content: file.bytes.toString('base64'),
          encoding: 'base64',
        },
      ],
    });
  };
}
