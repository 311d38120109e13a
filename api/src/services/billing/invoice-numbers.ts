// Invoice numbers: one sequence per tenant, without gaps, shared by invoices and credit notes. The
// upsert's row lock holds every other payment of the tenant at this row until the transaction ends, so numbers
// are taken in commit order; a transaction that rolls back gives its number back with it. The price is that a
// tenant's payments commit one at a time, which at a coaching business's rate is no price at all.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';

/** The tenant's next number, inside the caller's transaction: { seq: 42, number: 'ACME-000042' }. */
export async function takeInvoiceNumber(
  trx: Kysely<Database>,
  tenantId: number,
  prefix: string,
): Promise<{ seq: number; number: string }> {
  const row = await trx
    .insertInto('invoice_sequences')
    .values({ tenant_id: tenantId, last: 1 })
    .onConflict((oc) => oc.column('tenant_id').doUpdateSet({ last: sql`invoice_sequences.last + 1` }))
    .returning('last')
    .executeTakeFirstOrThrow();
  return { seq: row.last, number: `${prefix}${String(row.last).padStart(6, '0')}` };
}
