// Invoice PDFs through the API, on a real migrated database (PGlite, or PostgreSQL through
// scripts/with-postgres.sh), their text read back with pdf.js as a reader would copy it: the seller from
// tenant.json, the buyer, the line, the net, the tax by its label and rate and the total, in the tenant's currency
// (yen without decimals), fonts embedded; the client downloads their own, an admin any of the tenant's, and
// anyone else gets a 404.
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney, taxIncluded } from '../../contracts/billing.js';
import { keyCall, makeApiKey } from './helpers/api-keys.js';
import { paidPackage } from './helpers/billing-rows.js';
import { CLIENT_ZONE, ZONE, call, newClient, newCoach } from './helpers/booking.js';
import type { Coach } from './helpers/booking.js';
import { ALPHA, BETA, Harness } from './helpers/harness.js';
import { pdfText } from './helpers/pdf-text.js';
import { signIn } from './helpers/sign-in.js';
import type { Person } from './helpers/sign-in.js';

const h = new Harness();
let coach: Coach;
let client: Person;
let admin: Person;
let invoice: Awaited<ReturnType<typeof paidPackage>>;

beforeAll(async () => {
  await h.start();
  coach = await newCoach(h, ZONE);
  client = await newClient(h, coach, CLIENT_ZONE);
  await h.db
    .updateTable('users')
    .set({ first_name: 'Łukasz', last_name: 'Żółć' })
    .where('id', '=', client.user.id)
    .execute();
  admin = await signIn(h, { role_id: 1, tenant_id: ALPHA });
  invoice = await paidPackage(h, coach, client, { sessions: 6, price: 60000 });
});
afterAll(() => h.stop());

const download = (who: Person, id: number, role: 'billing' | 'admin' = 'billing') =>
  call(h, who, 'GET', `/api/v1/${role}/invoices/${id}/pdf`);

describe('the invoice PDF', () => {
  it('the client downloads their own: seller, buyer, line, net, tax and total, read back', async () => {
    const res = await download(client, invoice.invoiceId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`Invoice ${invoice.number}.pdf`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const text = await pdfText(res.rawPayload);
    expect(invoice.number).toBe('INV-000001');
    for (const part of [
      'Alpha Coaching B.V.',
      'Keizersgracht 1',
      '1015 AA Amsterdam',
      'Tax ID: NL001234567B01',
      'Invoice INV-000001',
      'Łukasz Żółć',
      '6 sessions',
      // 600.00 including 21 % BTW: 104.13 of it is tax, 495.87 the net.
      '€600.00',
      '€495.87',
      'BTW 21%',
      '€104.13',
      'Prices include BTW',
    ])
      expect(text).toContain(part);
    const day = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: CLIENT_ZONE });
    expect(text).toMatch(new RegExp(`Date\\s+${day.format(h.clock.now())}`));
    expect(text).toMatch(/6 sessions\s+1\s+€600\.00/);
    expect(text).toMatch(/Net\s+€495\.87\s+BTW 21%\s+€104\.13\s+Total\s+€600\.00/);
    // The fonts are embedded (subsets of DejaVu Sans: a FontFile2 each), none of PDF's standard unembedded ones.
    const doc = await PDFDocument.load(res.rawPayload);
    const descriptors = doc.context
      .enumerateIndirectObjects()
      .map(([, object]) => object)
      .filter(
        (o): o is PDFDict =>
          o instanceof PDFDict && o.get(PDFName.of('Type')) === PDFName.of('FontDescriptor'),
      );
    expect(descriptors).toHaveLength(2);
    for (const d of descriptors) {
      expect(d.get(PDFName.of('FontFile2'))).toBeDefined();
      expect(String(d.get(PDFName.of('FontName')))).toMatch(/^\/DejaVuSans/);
    }
  });

  it('an admin downloads any of the tenant’s; another client, a coach, another tenant: 404 or 403', async () => {
    const res = await download(admin, invoice.invoiceId, 'admin');
    expect(res.statusCode).toBe(200);
    expect(await pdfText(res.rawPayload)).toContain('Invoice INV-000001');
    const other = await newClient(h, coach, CLIENT_ZONE);
    expect((await download(other, invoice.invoiceId)).statusCode).toBe(404);
    expect((await download(other, invoice.invoiceId)).json()).toEqual({ message: 'Invoice not found.' });
    expect((await download(client, 999_999)).statusCode).toBe(404);
    expect((await download(coach, invoice.invoiceId)).statusCode).toBe(403);
    expect((await download(client, invoice.invoiceId, 'admin')).statusCode).toBe(403);
    const foreignAdmin = await signIn(h, { role_id: 1, tenant_id: BETA });
    expect((await download(foreignAdmin, invoice.invoiceId, 'admin')).statusCode).toBe(404);
  });

  it('in yen, a currency without decimals, with the tenant’s own tax and numbering', async () => {
    const betaCoach = await newCoach(h, 'Asia/Tokyo', BETA);
    const betaClient = await newClient(h, betaCoach, 'Asia/Tokyo');
    const yen = await paidPackage(h, betaCoach, betaClient, { sessions: 3, price: 50000 });
    expect(yen.number).toBe('INV-000001');
    const text = await pdfText((await download(betaClient, yen.invoiceId)).rawPayload);
    const tax = taxIncluded(50000, 1000);
    expect(tax).toBe(4545);
    for (const part of ['Beta Leadership KK', 'Consumption tax 10%', formatMoney(50000, 'jpy', 'en')]) {
      expect(text).toContain(part);
    }
    expect(text).toContain(formatMoney(tax, 'jpy', 'en'));
    expect(text).toContain(formatMoney(50000 - tax, 'jpy', 'en'));
    expect(text).toMatch(/50,000/);
    expect(text).not.toMatch(/50,000\.00|4,545\.00/);
  });
});

describe('the integration API', () => {
  it('a read key lists the purchases and invoices, pages them, downloads a PDF and reads credits', async () => {
    const { key } = await makeApiKey(h, { token: admin.token, tenantId: ALPHA }, 'read');
    const get = (url: string) => keyCall(h.app, key, 'GET', url);
    const purchases = await get('/integration/v1/purchases');
    expect(purchases.statusCode, purchases.body).toBe(200);
    expect(purchases.json().data).toEqual([
      expect.objectContaining({
        id: invoice.purchaseId,
        client_email: client.user.email,
        offering_title: '6 sessions',
        kind: 'package',
        status: 'active',
        amount: 60000,
        currency: 'eur',
      }),
    ]);
    const second = await paidPackage(h, coach, client, { sessions: 2, price: 20000 });
    const first = await get('/integration/v1/invoices?limit=1');
    expect(first.json().data).toEqual([
      expect.objectContaining({ id: invoice.invoiceId, number: 'INV-000001', total: 60000, tax: 10413 }),
    ]);
    const cursor = first.json().next_cursor as string;
    const next = await get(`/integration/v1/invoices?limit=1&cursor=${cursor}`);
    expect(next.json()).toEqual({
      data: [expect.objectContaining({ id: second.invoiceId, number: 'INV-000002', kind: 'invoice' })],
      next_cursor: null,
    });
    const pdf = await get(`/integration/v1/invoices/${invoice.invoiceId}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(await pdfText(pdf.rawPayload)).toContain('Invoice INV-000001');
    const offerings = await get('/integration/v1/offerings');
    expect(offerings.statusCode, offerings.body).toBe(200);
    expect(offerings.json()).toMatchObject({ next_cursor: null });
    expect(offerings.json().data.map((o: { title: string }) => o.title)).toEqual([
      '2 sessions',
      '6 sessions',
    ]);
    const credits = await get(`/integration/v1/clients/${client.user.id}/credits`);
    expect(credits.statusCode, credits.body).toBe(200);
    expect(credits.json().data).toMatchObject({ client_id: client.user.id, available: 8 });

    // Another tenant's: not found, and never listed.
    const betaInvoice = await h.db
      .selectFrom('invoices')
      .select(['id', 'client_id'])
      .where('tenant_id', '=', BETA)
      .executeTakeFirstOrThrow();
    expect((await get(`/integration/v1/invoices/${betaInvoice.id}/pdf`)).statusCode).toBe(404);
    expect((await get(`/integration/v1/clients/${betaInvoice.client_id}/credits`)).statusCode).toBe(404);
    const all = await get('/integration/v1/invoices?limit=200');
    expect(all.json().data.map((r: { id: number }) => r.id)).not.toContain(betaInvoice.id);
  });
});
