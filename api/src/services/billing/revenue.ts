// The admin's revenue: what came in and what went back, by month, offering and coach, and what unpaid
// renewals owe. Months are the business's (tenants.billing_time_zone), so a payment at 23:30 on 31 March in
// London is March's whoever reads it. Refunds count in the month they were made (money out when it went out),
// against the offering and coach of the payment they return. Only the tenant's currency is counted: an amount
// in another (a currency changed in tenant.json) would not add up. One scan of the tenant's payments over
// payments_tenant_paid, grouped by month and offering in the database; the three views are summed from that.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Revenue } from '../../../../contracts/rest/billing.js';
import type { Database } from '../../db/database.js';
import { FieldError } from '../../errors.js';
import { visible } from '../access/scope.js';
import type { Actor } from '../access/scope.js';
import { dateStart, localDate } from '../coach/zoned-day.js';

/** The months YYYY-MM from `from` to `to`, both included. */
function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let [y, m] = from.split('-').map(Number) as [number, number];
  for (let key = from; key <= to; key = `${y}-${String(m).padStart(2, '0')}`) {
    months.push(key);
    if (++m === 13) [y, m] = [y + 1, 1];
  }
  return months;
}

const monthAfter = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
};

/** The most months one view spans: three years, a page an admin reads at a glance. */
const MAX_MONTHS = 36;

interface BillingTenant {
  currency: string;
  timeZone: string;
}

export async function billingTenant(db: Kysely<Database>, tenantId: number): Promise<BillingTenant> {
  const row = await db
    .selectFrom('tenants')
    .select(['billing_currency', 'billing_time_zone'])
    .where('id', '=', tenantId)
    .executeTakeFirstOrThrow();
  return { currency: row.billing_currency, timeZone: row.billing_time_zone };
}

/**
 * The instants [start, end) of the months `from`..`to` in the zone; unsaid, the twelve months to this one (or
 * from `from`). A range backwards or longer than three years is a 422 naming the field.
 */
export function monthRange(
  zone: string,
  now: Date,
  query: { from?: string | undefined; to?: string | undefined },
): { from: string; to: string; start: Date; end: Date } {
  const thisMonth = localDate(now, zone).slice(0, 7);
  const to = query.to ?? (query.from && query.from > thisMonth ? query.from : thisMonth);
  const from = query.from ?? monthsBack(to, 11);
  if (from > to) throw new FieldError({ from: ['The first month must not be after the last.'] });
  if (monthsBetween(from, to).length > MAX_MONTHS)
    throw new FieldError({ to: [`Choose at most ${MAX_MONTHS} months.`] });
  return { from, to, start: dateStart(`${from}-01`, zone), end: dateStart(`${monthAfter(to)}-01`, zone) };
}

function monthsBack(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) - n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

interface Cell {
  month: string;
  offering_id: number;
  gross: string;
  refunded: string;
}

export async function revenue(
  db: Kysely<Database>,
  actor: Actor,
  now: Date,
  query: { from?: string | undefined; to?: string | undefined },
): Promise<Revenue> {
  const tenant = await billingTenant(db, actor.tenantId);
  const range = monthRange(tenant.timeZone, now, query);
  const monthList = monthsBetween(range.from, range.to);
  // to_char in the zone measured faster on PGlite than a width_bucket over the months' first instants.
  const month = (column: string) =>
    sql<string>`to_char(${sql.ref(column)} at time zone ${tenant.timeZone}, 'YYYY-MM')`;
  const paid = db
    .selectFrom('payments as p')
    .where(visible(actor, 'payments as p'))
    .select([
      month('p.paid_at').as('month'),
      'p.purchase_id',
      sql<number>`p.amount`.as('gross'),
      sql<number>`0`.as('refunded'),
    ])
    .where('p.currency', '=', tenant.currency)
    .where('p.paid_at', '>=', range.start)
    .where('p.paid_at', '<', range.end);
  const returned = db
    .selectFrom('refunds as r')
    .innerJoin('payments as p', (j) =>
      j.onRef('p.id', '=', 'r.payment_id').on(visible(actor, 'payments as p')),
    )
    .select([
      month('r.created_at').as('month'),
      'p.purchase_id',
      sql<number>`0`.as('gross'),
      sql<number>`r.amount`.as('refunded'),
    ])
    .where('r.tenant_id', '=', actor.tenantId)
    .where('p.currency', '=', tenant.currency)
    .where('r.created_at', '>=', range.start)
    .where('r.created_at', '<', range.end);
  const cells = (await db
    .selectFrom(paid.unionAll(returned).as('m'))
    .innerJoin('purchases as pu', (j) =>
      j.onRef('pu.id', '=', 'm.purchase_id').on(visible(actor, 'purchases as pu')),
    )
    .select([
      'm.month',
      'pu.offering_id',
      sql<string>`sum(m.gross)`.as('gross'),
      sql<string>`sum(m.refunded)`.as('refunded'),
    ])
    .groupBy(['m.month', 'pu.offering_id'])
    .execute()) as Cell[];

  const offeringIds = [...new Set(cells.map((c) => c.offering_id))];
  const offerings = offeringIds.length
    ? await db
        .selectFrom('offerings as o')
        .leftJoin('coaches as c', 'c.id', 'o.coach_id')
        .leftJoin('users as u', 'u.id', 'c.user_id')
        .select(['o.id', 'o.title', 'o.coach_id', 'u.first_name', 'u.last_name'])
        .where('o.tenant_id', '=', actor.tenantId)
        .where('o.id', 'in', offeringIds)
        .execute()
    : [];
  const offeringOf = new Map(offerings.map((o) => [o.id, o]));

  const months = new Map(monthList.map((m) => [m, sums()]));
  const byOffering = new Map<number, ReturnType<typeof sums>>();
  const byCoach = new Map<number | null, ReturnType<typeof sums>>();
  for (const cell of cells) {
    const gross = Number(cell.gross);
    const refunded = Number(cell.refunded);
    const coachId = offeringOf.get(cell.offering_id)?.coach_id ?? null;
    for (const total of [months.get(cell.month), at(byOffering, cell.offering_id), at(byCoach, coachId)]) {
      if (!total) continue;
      total.gross += gross;
      total.refunded += refunded;
    }
  }
  const net = <T extends object>(key: T, s: ReturnType<typeof sums>) => ({
    ...key,
    gross: s.gross,
    refunded: s.refunded,
    net: s.gross - s.refunded,
  });
  const biggestFirst = <T extends { gross: number }>(rows: T[]) => rows.sort((a, b) => b.gross - a.gross);
  return {
    currency: tenant.currency,
    from: range.from,
    to: range.to,
    months: [...months].map(([m, s]) => net({ month: m }, s)),
    by_offering: biggestFirst(
      [...byOffering].map(([id, s]) => net({ offering_id: id, title: offeringOf.get(id)?.title ?? '' }, s)),
    ),
    by_coach: biggestFirst(
      [...byCoach].map(([coachId, s]) => {
        const o = offerings.find((x) => x.coach_id === coachId && coachId !== null);
        const name = o ? `${o.first_name ?? ''} ${o.last_name ?? ''}`.trim() : 'Tenant-wide';
        return net({ coach_id: coachId, name }, s);
      }),
    ),
    outstanding: await outstanding(db, actor, tenant.currency),
  };
}

const sums = () => ({ gross: 0, refunded: 0 });
function at<K>(map: Map<K, ReturnType<typeof sums>>, key: K) {
  let s = map.get(key);
  if (!s) map.set(key, (s = sums()));
  return s;
}

/**
 * Renewals unpaid now: each past-due subscription owes its period's price, each past-due plan one instalment
 * (the total over its instalments; the first, which carries the rounding, is always paid at the purchase).
 */
async function outstanding(db: Kysely<Database>, actor: Actor, currency: string) {
  const row = await db
    .selectFrom('subscriptions as s')
    .innerJoin('purchases as pu', (j) =>
      j.onRef('pu.id', '=', 's.purchase_id').on(visible(actor, 'purchases as pu')),
    )
    .innerJoin('offerings as o', 'o.id', 'pu.offering_id')
    .select([
      sql<string>`count(*)`.as('count'),
      sql<string>`coalesce(sum(case when o.kind = 'plan'
        then pu.amount / o.instalments else pu.amount end), 0)`.as('amount'),
    ])
    .where('pu.currency', '=', currency)
    .where('s.status', '=', 'past_due')
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), amount: Number(row.amount) };
}
