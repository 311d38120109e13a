// Invoice and credit note PDFs as files to download: the client their own, an admin (or a key) any of the
// tenant's; any other id is the same 404. The PDF is drawn from the issued row at each download (npm run
// bench:invoice times it), so there is no second copy to keep in step with it.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { HttpError } from '../../errors.js';
import { visible } from '../access/scope.js';
import type { Actor } from '../access/scope.js';
import type { TenantConfig } from '../tenants/tenant-files.js';
import { invoicePdf, type IssuedInvoice } from './invoice-pdf.js';

const notFound = () => new HttpError(404, 'Invoice not found.');

/** The PDF of one of the invoices the reader may see (a client only their own); undefined when none. */
export async function invoiceFile(
  db: Kysely<Database>,
  tenant: Pick<TenantConfig, 'mail'>,
  reader: Actor,
  id: number,
) {
  const row = await db
    .selectFrom('invoices as i')
    .where(visible(reader, 'invoices as i'))
    .innerJoin('users as u', 'u.id', 'i.client_id')
    .selectAll('i')
    .select('u.time_zone')
    .where('i.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  // A credit note names the invoice of the payment it refunds.
  const credited =
    row.kind === 'credit_note'
      ? await db
          .selectFrom('invoices')
          .where(visible(reader, 'invoices'))
          .select('number')
          .where('payment_id', '=', row.payment_id)
          .where('kind', '=', 'invoice')
          .executeTakeFirst()
      : undefined;
  const brand = {
    lang: tenant.mail.brand.lang,
    primary: tenant.mail.brand.primary,
    timeZone: row.time_zone ?? 'UTC',
  };
  const bytes = await invoicePdf(row as IssuedInvoice, brand, credited);
  const name = `${row.kind === 'credit_note' ? 'Credit note' : 'Invoice'} ${row.number}.pdf`;
  return { name, type: 'application/pdf', bytes: Buffer.from(bytes), invoice: row };
}

export function createInvoicePdfService(deps: { db: Kysely<Database>; tenants: TenantConfig[] }) {
  const { db } = deps;
  const configs = new Map(deps.tenants.map((t) => [t.id, t]));
  return {
    /** A client's own invoice or credit note; an admin's (or a key's, acting as one) any of the tenant's. */
    async pdf(reader: Actor, id: number) {
      const tenant = configs.get(reader.tenantId);
      const file = tenant && (await invoiceFile(db, tenant, reader, id));
      if (!file) throw notFound();
      return file;
    },
  };
}
