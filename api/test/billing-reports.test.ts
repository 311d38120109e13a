// The admin's money reports on a real migrated database (PGlite; PostgreSQL with
// scripts/with-postgres.sh): revenue by month in the business's zone (tenant.json billing.timeZone), by offering
// and by coach, refunds in the month they were made, what unpaid renewals owe; the payments list newest first a
// page at a time; its CSV formula-safe and read back by a CSV parser. Another tenant's rows are never counted,
// and only the tenant's admin reaches any of it.
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentsPage, Revenue } from '../../contracts/rest/billing.js';
import { recordPastSale } from '../src/seed/seed-ledger.js';
import { call, newClient, newCoach } from './helpers/booking.js';
import type { Coach } from './helpers/booking.js';
import { ALPHA, BETA, Harness } from './helpers/harness.js';
import { signIn } from './helpers/sign-in.js';
import type { Person } from './helpers/sign-in.js';

const h = new Harness();
let admin: Person;
let betaAdmin: Person;
let coach: Coach;
let coachName: string;
let client: Person;
let formulaClient: Person;
let packageId: number;
let retainerId: number;
const ids: Record<string, number> = {};

const offering = (
  tenantId: number,
  coachId: number | null,
  title: string,
  kind: 'package' | 'subscription',
) =>
  h.db
    .insertInto('offerings')
    .values({
      tenant_id: tenantId,
      coach_id: coachId,
      kind,
      title,
      price: 60000,
      currency: tenantId === ALPHA ? 'eur' : 'jpy',
      ...(kind === 'package' ? { sessions: 6, valid_months: 6 } : { interval: 'month' }),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
    .then((r) => r.id);

const sale = (clientId: number, offeringId: number, amount: number, paidAt: string, tenantId = ALPHA) =>
  recordPastSale(h.db, {
    tenantId,
    clientId,
    offeringId,
    amount,
    paidAt: new Date(paidAt),
    method: 'stripe',
  });

async function refund(paymentId: number, amount: number, at: string) {
  await h.db
    .insertInto('refunds')
    .values({ tenant_id: ALPHA, payment_id: paymentId, amount, reason: 'test', created_at: new Date(at) })
    .execute();
  await h.db.updateTable('payments').set({ refunded_amount: amount }).where('id', '=', paymentId).execute();
}

beforeAll(async () => {
  await h.start();
  admin = await signIn(h, { role_id: 1 });
  betaAdmin = await signIn(h, { role_id: 1, tenant_id: BETA });
  coach = await newCoach(h, 'Europe/Amsterdam');
  const named = await h.db
    .selectFrom('users')
    .select(['first_name', 'last_name'])
    .where('id', '=', coach.user.id)
    .executeTakeFirstOrThrow();
  coachName = `${named.first_name} ${named.last_name}`;
  client = await newClient(h, coach, 'Europe/Amsterdam');
  formulaClient = await signIn(h, {
    first_name: '=HYPERLINK("http://x.test","a")',
    last_name: '+Smith, "Jr"',
  });
  packageId = await offering(ALPHA, coach.coachId, 'Six sessions', 'package');
  retainerId = await offering(ALPHA, null, 'Monthly retainer', 'subscription');
  // 23:30 UTC on 31 January is 00:30 on 1 February in Amsterdam: February's.
  ids.feb1 = (await sale(client.user.id, packageId, 60000, '2025-01-31T23:30:00Z')).paymentId;
  ids.jan = (await sale(client.user.id, retainerId, 15000, '2025-01-15T10:00:00Z')).paymentId;
  ids.mar = (await sale(formulaClient.user.id, retainerId, 15000, '2025-03-31T21:59:00Z')).paymentId;
  // 22:00 UTC on 31 March is midnight in Amsterdam (summer time): April's, outside the range.
  ids.apr = (await sale(client.user.id, retainerId, 15000, '2025-03-31T22:00:00Z')).paymentId;
  // Half of February's package back, in March.
  await refund(ids.feb1, 30000, '2025-03-10T12:00:00Z');
  // Another tenant's sales at the same times: never counted.
  const betaCoach = await newCoach(h, 'Asia/Tokyo', BETA);
  const betaClient = await newClient(h, betaCoach, 'Asia/Tokyo');
  const betaOffering = await offering(BETA, betaCoach.coachId, 'Beta package', 'package');
  for (const at of ['2025-01-15T10:00:00Z', '2025-02-15T10:00:00Z', '2025-03-15T10:00:00Z'])
    await sale(betaClient.user.id, betaOffering, 9_000_000, at, BETA);
  // An unpaid renewal of the retainer.
  const owing = await sale(client.user.id, retainerId, 15000, '2024-12-01T10:00:00Z');
  await h.db
    .insertInto('subscriptions')
    .values({
      purchase_id: owing.purchaseId,
      status: 'past_due',
      current_period_start: new Date('2025-01-01T00:00:00Z'),
      current_period_end: new Date('2025-02-01T00:00:00Z'),
      past_due_since: new Date('2025-01-01T00:00:00Z'),
    })
    .execute();
});
afterAll(() => h.stop());

const get = (who: Person, url: string) => call(h, who, 'GET', url);

describe('revenue', () => {
  it('counts by month in the business zone, with refunds in the month they were made', async () => {
    const res = await get(admin, '/api/v1/admin/revenue?from=2025-01&to=2025-03');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<{ data: Revenue }>().data;
    expect(data.currency).toBe('eur');
    expect(data.months).toEqual([
      { month: '2025-01', gross: 15000, refunded: 0, net: 15000 },
      { month: '2025-02', gross: 60000, refunded: 0, net: 60000 },
      { month: '2025-03', gross: 15000, refunded: 30000, net: -15000 },
    ]);
    expect(data.by_offering).toEqual([
      { offering_id: packageId, title: 'Six sessions', gross: 60000, refunded: 30000, net: 30000 },
      { offering_id: retainerId, title: 'Monthly retainer', gross: 30000, refunded: 0, net: 30000 },
    ]);
    expect(data.by_coach).toEqual([
      { coach_id: coach.coachId, name: coachName, gross: 60000, refunded: 30000, net: 30000 },
      { coach_id: null, name: 'Tenant-wide', gross: 30000, refunded: 0, net: 30000 },
    ]);
    expect(data.outstanding).toEqual({ count: 1, amount: 15000 });
  });

  it('shows every month of the range, empty ones as zeros, and refuses a range backwards or too long', async () => {
    const data = (await get(admin, '/api/v1/admin/revenue?from=2024-11&to=2025-01')).json<{ data: Revenue }>()
      .data;
    expect(data.months.map((m) => [m.month, m.gross])).toEqual([
      ['2024-11', 0],
      ['2024-12', 15000],
      ['2025-01', 15000],
    ]);
    expect((await get(admin, '/api/v1/admin/revenue?from=2025-03&to=2025-01')).statusCode).toBe(422);
    expect((await get(admin, '/api/v1/admin/revenue?from=2020-01&to=2025-01')).statusCode).toBe(422);
    expect((await get(admin, '/api/v1/admin/revenue?from=2025-13')).statusCode).toBe(422);
  });

  it("another tenant's admin sees only their own tenant's money", async () => {
    const data = (await get(betaAdmin, '/api/v1/admin/revenue?from=2025-01&to=2025-03')).json<{
      data: Revenue;
    }>().data;
    expect(data.currency).toBe('jpy');
    expect(data.months.map((m) => m.gross)).toEqual([9_000_000, 9_000_000, 9_000_000]);
    expect(data.outstanding).toEqual({ count: 0, amount: 0 });
  });

  it('is the admin’s alone', async () => {
    for (const url of ['/api/v1/admin/revenue', '/api/v1/admin/payments', '/api/v1/admin/payments.csv']) {
      expect((await get(coach, url)).statusCode).toBe(403);
      expect((await get(client, url)).statusCode).toBe(403);
    }
  });
});

describe('the payments list', () => {
  it('lists the months chosen newest first, with the invoice of each', async () => {
    const res = await get(admin, '/api/v1/admin/payments?from=2025-01&to=2025-03');
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<{ data: PaymentsPage }>().data;
    expect(page.rows.map((p) => p.id)).toEqual([ids.mar, ids.feb1, ids.jan]);
    expect(page.next_cursor).toBeNull();
    const feb = page.rows[1]!;
    expect(feb).toMatchObject({
      offering: { id: packageId, title: 'Six sessions' },
      coach: { id: coach.coachId },
      amount: 60000,
      // 21 % BTW inside 600.00: 104.13.
      tax_amount: 10413,
      refunded_amount: 30000,
      method: 'stripe',
      invoice: { number: expect.stringMatching(/^INV-0000\d\d$/) },
    });
  });

  it('pages by a cursor that a payment recorded meanwhile never shifts', async () => {
    const made: number[] = [];
    for (let day = 1; day <= 55; day++) {
      const at = new Date(Date.UTC(2023, 5, 1, 10) + day * 3_600_000).toISOString();
      made.push((await sale(client.user.id, retainerId, 1000 + day, at)).paymentId);
    }
    const first = (await get(admin, '/api/v1/admin/payments?from=2023-06&to=2023-06')).json<{
      data: PaymentsPage;
    }>().data;
    expect(first.rows).toHaveLength(50);
    expect(first.next_cursor).not.toBeNull();
    // A newer payment between the pages lands on the first page, not in the second.
    await sale(client.user.id, retainerId, 999, '2023-06-20T10:00:00Z');
    const second = (
      await get(admin, `/api/v1/admin/payments?from=2023-06&to=2023-06&cursor=${first.next_cursor}`)
    ).json<{ data: PaymentsPage }>().data;
    expect([...first.rows, ...second.rows].map((p) => p.id)).toEqual(made.reverse());
    expect(second.next_cursor).toBeNull();
    expect((await get(admin, '/api/v1/admin/payments?cursor=bm9uc2Vuc2U')).statusCode).toBe(422);
  });

  it("another tenant's admin never sees these payments", async () => {
    const page = (await get(betaAdmin, '/api/v1/admin/payments?from=2025-01&to=2025-03')).json<{
      data: PaymentsPage;
    }>().data;
    expect(page.rows).toHaveLength(3);
    expect(page.rows.every((p) => p.currency === 'jpy')).toBe(true);
  });
});

describe('the payments CSV', () => {
  it('reads back cell by cell in a CSV parser, a formula shown and never run', async () => {
    const res = await get(admin, '/api/v1/admin/payments.csv?from=2025-01&to=2025-03');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('payments 2025-01 to 2025-03.csv');
    const rows = parse(res.body, { bom: true }) as string[][];
    expect(rows[0]).toEqual([
      'Paid (Europe/Amsterdam)',
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
    ]);
    expect(rows).toHaveLength(4);
    const [, mar, feb] = rows;
    // The client's name began with = : a spreadsheet shows it as text.
    expect(mar![2]).toBe(`'=HYPERLINK("http://x.test","a") +Smith, "Jr"`);
    expect(mar![0]).toBe('2025-03-31 23:59');
    expect(feb!.slice(3)).toEqual([
      coachName,
      'Six sessions',
      'Card',
      '600.00',
      '104.13',
      '300.00',
      'EUR',
      '',
    ]);
    expect(feb![0]).toBe('2025-02-01 00:30');
  });

  it('writes yen as whole units', async () => {
    const res = await get(betaAdmin, '/api/v1/admin/payments.csv?from=2025-01&to=2025-01');
    const rows = parse(res.body, { bom: true }) as string[][];
    expect(rows[1]!.slice(6, 8)).toEqual(['9000000', '818182']);
  });
});
