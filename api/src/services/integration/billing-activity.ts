// What the tenant's clients bought and were invoiced, for the integration API's key: the tenant's rows (a key
// reads as its admin, access/scope.ts), in pages by the time they happened (cursor.ts), each client by email.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { visible } from '../access/scope.js';
import type { Actor } from '../access/scope.js';
import { emailOf } from './activity-repository.js';
import { inPages, toPage } from './cursor.js';
import type { PageQuery } from './cursor.js';

export async function purchasesPage(db: Kysely<Database>, tenant: Actor, page: PageQuery) {
  const rows = await db
    .selectFrom('purchases as p')
    .where(visible(tenant, 'purchases as p'))
    .innerJoin('offerings as o', 'o.id', 'p.offering_id')
    .select([
      'p.id',
      emailOf('p.client_id').as('client_email'),
      'p.offering_id',
      'o.title as offering_title',
      'o.kind',
      'p.status',
      'p.amount',
      'p.currency',
      'p.method',
      'p.created_at',
      'p.paid_at',
    ])
    .$call(inPages('p', page))
    .execute();
  const { data, next_cursor } = toPage(rows, page, (r) => r.created_at);
  return {
    data: data.map((r) => ({
      ...r,
      created_at: r.created_at.toISOString(),
      paid_at: r.paid_at?.toISOString() ?? null,
    })),
    next_cursor,
  };
}

export async function invoicesPage(db: Kysely<Database>, tenant: Actor, page: PageQuery) {
  const rows = await db
    .selectFrom('invoices as i')
    .where(visible(tenant, 'invoices as i'))
    .select([
      'i.id',
      'i.kind',
      'i.number',
      emailOf('i.client_id').as('client_email'),
      'i.payment_id',
      'i.subtotal',
      'i.tax',
      'i.total',
      'i.currency',
      'i.tax_label',
      'i.tax_rate_bp',
      'i.issued_at',
    ])
    .$call(inPages('i', page, 'issued_at'))
    .execute();
  const { data, next_cursor } = toPage(rows, page, (r) => r.issued_at);
  return { data: data.map((r) => ({ ...r, issued_at: r.issued_at.toISOString() })), next_cursor };
}
