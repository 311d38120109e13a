// The admin's payments: newest first, a page at a time, and the same rows as a spreadsheet. The
// months chosen are the business's (tenants.billing_time_zone), as on the revenue page, so the CSV of March
// adds up to March's revenue. Only the caller's tenant's rows, by the tenant_id of every one.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { minorDigits } from '../../../../contracts/billing.js';
import type { Payment, PaymentsPage } from '../../../../contracts/rest/billing.js';
import type { Database } from '../../db/database.js';
import { FieldError } from '../../errors.js';
import { visible } from '../access/scope.js';
import type { Actor } from '../access/scope.js';
import { toCsv } from '../client-work/csv.js';
import { localDateTime } from '../coach/zoned-day.js';
import { billingTenant, monthRange } from './revenue.js';

const PAGE = 50;

interface Query {
  from?: string | undefined;
  to?: string | undefined;
  cursor?: string | undefined;
}

/** The cursor is the last row's paid_at and id: a payment recorded meanwhile never shifts a page. */
const encodeCursor = (p: Payment) => Buffer.from(`${p.paid_at}|${p.id}`).toString('base64url');
function decodeCursor(cursor: string): { paidAt: Date; id: number } {
  const [at = '', id = ''] = Buffer.from(cursor, 'base64url').toString().split('|');
  const paidAt = new Date(at);
  if (Number.isNaN(paidAt.getTime()) || !/^[1-9][0-9]{0,9}$/.test(id))
    throw new FieldError({ cursor: ['This page link is not valid: start from the first page.'] });
  return { paidAt, id: Number(id) };
}

async function rows(
  db: Kysely<Database>,
  actor: Actor,
  now: Date,
  query: Query,
  limit: number | null,
): Promise<{ rows: Payment[]; timeZone: string }> {
  const tenant = await billingTenant(db, actor.tenantId);
  const range = monthRange(tenant.timeZone, now, query);
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  // The page's payments first, by the (tenant_id, paid_at) index and the limit, and only then their names:
  // joined before the limit, the planner reads every payment of the months to sort them.
  const page = db
    .selectFrom('payments')
    .where(visible(actor, 'payments'))
    .selectAll()
    .where('paid_at', '>=', range.start)
    .where('paid_at', '<', range.end)
    .$if(after !== null, (q) => q.where(sql<boolean>`(paid_at, id) < (${after!.paidAt}, ${after!.id})`))
    .orderBy('paid_at', 'desc')
    .orderBy('id', 'desc')
    .$if(limit !== null, (q) => q.limit(limit! + 1));
  const found = await db
    .selectFrom(page.as('p'))
    .innerJoin('users as cl', 'cl.id', 'p.client_id')
    .innerJoin('purchases as pu', (j) =>
      j.onRef('pu.id', '=', 'p.purchase_id').on(visible(actor, 'purchases as pu')),
    )
    .innerJoin('offerings as o', 'o.id', 'pu.offering_id')
    .leftJoin('coaches as c', 'c.id', 'o.coach_id')
    .leftJoin('users as cu', 'cu.id', 'c.user_id')
    .leftJoin('invoices as i', (j) =>
      j.onRef('i.payment_id', '=', 'p.id').on('i.kind', '=', 'invoice').on(visible(actor, 'invoices as i')),
    )
    .select([
      'p.id',
      'p.client_id',
      'cl.first_name',
      'cl.last_name',
      'o.coach_id',
      'cu.first_name as coach_first',
      'cu.last_name as coach_last',
      'o.id as offering_id',
      'o.title',
      'p.purchase_id',
      'p.amount',
      'p.tax_amount',
      'p.refunded_amount',
      'p.currency',
      'p.method',
      'p.paid_at',
      'i.id as invoice_id',
      'i.number as invoice_number',
      'p.note',
    ])
    .orderBy('p.paid_at', 'desc')
    .orderBy('p.id', 'desc')
    .execute();
  return {
    timeZone: tenant.timeZone,
    rows: found.map((r) => ({
      id: r.id,
      client: { id: r.client_id, first_name: r.first_name, last_name: r.last_name },
      coach:
        r.coach_id === null
          ? null
          : { id: r.coach_id, name: `${r.coach_first ?? ''} ${r.coach_last ?? ''}`.trim() },
      offering: { id: r.offering_id, title: r.title },
      purchase_id: r.purchase_id,
      amount: r.amount,
      tax_amount: r.tax_amount,
      refunded_amount: r.refunded_amount,
      currency: r.currency,
      method: r.method as Payment['method'],
      paid_at: new Date(r.paid_at).toISOString(),
      invoice:
        r.invoice_id === null || r.invoice_number === null
          ? null
          : { id: r.invoice_id, number: r.invoice_number },
      note: r.note,
    })),
  };
}

export async function paymentsPage(
  db: Kysely<Database>,
  actor: Actor,
  now: Date,
  query: Query,
): Promise<PaymentsPage> {
  const found = (await rows(db, actor, now, query, PAGE)).rows;
  const more = found.length > PAGE;
  const page = found.slice(0, PAGE);
  return { rows: page, next_cursor: more ? encodeCursor(page[PAGE - 1]!) : null };
}

/** An amount in major units as a spreadsheet reads a number: 4500 EUR cents → 45.00, 4500 JPY → 4500. */
const major = (amount: number, currency: string) => {
  const digits = minorDigits(currency);
  return (amount / 10 ** digits).toFixed(digits);
};

/** Every payment of the months (no pages), formula-safe like the other exports (client-work/csv.ts). */
export async function paymentsCsv(
  db: Kysely<Database>,
  actor: Actor,
  now: Date,
  query: Omit<Query, 'cursor'>,
): Promise<string> {
  const { rows: found, timeZone } = await rows(db, actor, now, query, null);
  return toCsv(
    [
      `Paid (${timeZone})`,
      'Invoice',
      'Client',
      'Coach',
      'Offering',
      'Method',
      'Amount',
      'Tax',
      'Refunded',
      'Currency',
      'Note',
    ],
    found.map((p) => [
      localDateTime(new Date(p.paid_at), timeZone).replace('T', ' '),
      p.invoice?.number,
      `${p.client.first_name} ${p.client.last_name}`,
      p.coach?.name ?? 'Tenant-wide',
      p.offering.title,
      p.method === 'stripe' ? 'Card' : 'Offline',
      major(p.amount, p.currency),
      major(p.tax_amount, p.currency),
      major(p.refunded_amount, p.currency),
      p.currency.toUpperCase(),
      p.note,
    ]),
  );
}
