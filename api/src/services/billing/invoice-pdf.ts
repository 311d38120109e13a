// An invoice or credit note as a PDF, drawn from the row as it was issued (the invoice never changes,
// so neither does its PDF): the seller from tenant.json in the tenant's colour, the buyer, each line, the net,
// the tax by its label and rate, and the total, in the invoice's currency (contracts/billing.ts: yen have no
// decimals) and the tenant's language. Prices include tax: the lines are what the client paid, and the net and
// tax below them split that total, adding up to it exactly. A credit note names the invoice it credits.
import { formatMoney } from '../../../../contracts/billing.js';
import { createPdf } from '../pdf/pdf-document.js';

export interface IssuedInvoice {
  kind: 'invoice' | 'credit_note';
  number: string;
  issued_at: Date;
  seller: { name: string; address: string[]; taxId?: string | undefined; email?: string | undefined };
  buyer: { name: string; email: string; address?: string[] | undefined };
  lines: { description: string; quantity: number; amount: number }[];
  subtotal: number;
  tax: number;
  total: number;
  currency: string;
  tax_label: string | null;
  tax_rate_bp: number | null;
}

interface InvoiceBrand {
  /** The tenant's language (tenant.json mail.lang): numbers, money and dates as its readers write them. */
  lang: string;
  /** The theme's primary colour, #rrggbb. */
  primary: string;
  /** The zone the issue date is read in: the buyer's. */
  timeZone: string;
}

/** "20 %" or "7.7 %" in the language's own digits and separator. */
const percent = (rateBp: number, lang: string) =>
  new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 2 }).format(rateBp / 10000);

export async function invoicePdf(
  invoice: IssuedInvoice,
  brand: InvoiceBrand,
  credits?: { number: string },
): Promise<Uint8Array> {
  const money = (amount: number) => formatMoney(amount, invoice.currency, brand.lang);
  const day = new Intl.DateTimeFormat(brand.lang, { dateStyle: 'long', timeZone: brand.timeZone }).format(
    invoice.issued_at,
  );
  const note = invoice.kind === 'credit_note';
  const title = `${note ? 'Credit note' : 'Invoice'} ${invoice.number}`;
  const pdf = await createPdf({ title, author: invoice.seller.name });

  pdf.heading(invoice.seller.name, { color: brand.primary });
  for (const line of invoice.seller.address) pdf.paragraph(line, { size: 9.5, muted: true });
  if (invoice.seller.taxId) pdf.paragraph(`Tax ID: ${invoice.seller.taxId}`, { size: 9.5, muted: true });
  if (invoice.seller.email) pdf.paragraph(invoice.seller.email, { size: 9.5, muted: true });
  pdf.rule(brand.primary);
  pdf.heading(title);
  pdf.field('Number', invoice.number);
  pdf.field('Date', day);
  if (note && credits) pdf.field('Credits invoice', credits.number);
  pdf.space(6);
  pdf.field('Billed to', invoice.buyer.name);
  for (const line of invoice.buyer.address ?? []) pdf.field('', line);
  pdf.field('', invoice.buyer.email);
  pdf.space(10);

  const widths = [50, 110];
  pdf.row(['Description', 'Qty', 'Amount'], widths, { bold: true });
  pdf.rule();
  for (const line of invoice.lines)
    pdf.row([line.description, String(line.quantity), money(line.amount)], widths);
  pdf.rule();
  const label = invoice.tax_label ?? 'Tax';
  if (invoice.tax_rate_bp !== null && invoice.tax_rate_bp > 0) {
    pdf.row(['', 'Net', money(invoice.subtotal)], [110, 110]);
    pdf.row(['', `${label} ${percent(invoice.tax_rate_bp, brand.lang)}`, money(invoice.tax)], [110, 110]);
  }
  pdf.row(['', note ? 'Total credited' : 'Total', money(invoice.total)], [110, 110], { bold: true });
  pdf.space(16);
  pdf.paragraph(
    note
      ? `This credit note refunds ${money(invoice.total)} of invoice ${credits?.number ?? ''} to the card or account it was paid from.`
      : invoice.tax_rate_bp
        ? `Prices include ${label}. Paid in full: thank you.`
        : 'Paid in full: thank you.',
    { size: 9, muted: true },
  );
  return pdf.save();
}
