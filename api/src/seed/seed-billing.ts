// The demo's billing: the demo coach sells two packages of their video sessions and a monthly
// subscription, in the trade's words (the set's offerings) and the tenant's currency; the video type needs a
// credit. client@ bought the larger package by card six weeks ago (one credit spent on the video meeting they
// booked) and has a subscription renewed twice; basic@ paid for the smaller package by bank transfer long
// enough ago that its credits have expired, recorded by the admin. Each payment has its invoice, numbered from
// the tenant's sequence. A coach who already sells something is left alone, so seeding again changes nothing.
import type { Kysely } from 'kysely';
import { minorDigits } from '../../../contracts/billing.js';
import type { Database } from '../db/database.js';
import type { TenantConfig } from '../services/tenants/tenant-files.js';
import { recordPastSale } from './seed-ledger.js';
import type { DemoSet } from './sets/index.js';

interface BillingSeed {
  tenant: TenantConfig;
  set: DemoSet;
  coachId: number;
  adminId: number;
  /** client@ and basic@. */
  clientId: number;
  basicId: number;
  at: Date;
}

const DAY = 86_400_000;

/** The same day `months` calendar months on (UTC), the day clamped to the month's last. */
function addMonths(at: Date, months: number): Date {
  const d = new Date(at);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

export async function seedBilling(db: Kysely<Database>, seed: BillingSeed): Promise<void> {
  const { tenant, set, coachId, at } = seed;
  const selling = await db
    .selectFrom('offerings')
    .select('id')
    .where('coach_id', '=', coachId)
    .executeTakeFirst();
  if (selling) return;
  const types = await db
    .selectFrom('meeting_types')
    .select(['id', 'location'])
    .where('coach_id', '=', coachId)
    .orderBy('id')
    .execute();
  const video = types.find((t) => t.location === 'video') ?? types[0];
  if (!video) return;
  await db.updateTable('meeting_types').set({ needs_credit: true }).where('id', '=', video.id).execute();

  const currency = tenant.billing.currency;
  const minor = (whole: number) => whole * 10 ** minorDigits(currency);
  const base = {
    tenant_id: tenant.id,
    coach_id: coachId,
    currency,
    meeting_type_id: video.id,
    created_at: at,
  };
  // One after the other, so the smaller package has the smaller id on every database.
  const packages = [];
  for (const p of set.offerings.packages)
    packages.push(
      await db
        .insertInto('offerings')
        .values({
          ...base,
          kind: 'package',
          title: p.title,
          description: p.description,
          sessions: p.sessions,
          valid_months: p.validMonths,
          price: minor(p.price),
          created_at: new Date(+at - 200 * DAY),
        })
        .returning(['id', 'price', 'sessions', 'valid_months'])
        .executeTakeFirstOrThrow(),
    );
  const [small, large] = packages;
  const sub = set.offerings.subscription;
  const monthly = await db
    .insertInto('offerings')
    .values({
      ...base,
      kind: 'subscription',
      title: sub.title,
      description: sub.description,
      sessions: sub.sessions,
      interval: 'month',
      price: minor(sub.price),
      created_at: new Date(+at - 200 * DAY),
    })
    .returning(['id', 'price'])
    .executeTakeFirstOrThrow();

  // Each sale is written in the order it was paid, so invoice numbers rise with their dates as a real
  // sequence's do.
  const sales: { paidAt: Date; record: () => Promise<void> }[] = [];

  // client@'s package by card, six weeks ago; the video meeting they booked spent one of its credits.
  const bought = new Date(+at - 42 * DAY);
  sales.push({
    paidAt: bought,
    record: async () => {
      const pkg = await recordPastSale(db, {
        tenantId: tenant.id,
        clientId: seed.clientId,
        offeringId: large!.id,
        amount: large!.price,
        paidAt: bought,
        method: 'stripe',
        credits: {
          quantity: large!.sessions!,
          meetingTypeId: video.id,
          expiresAt: addMonths(bought, large!.valid_months!),
        },
      });
      const meeting = await db
        .selectFrom('meetings')
        .select('id')
        .where('client_id', '=', seed.clientId)
        .where('meeting_type_id', '=', video.id)
        .where('starts_at', '>', at)
        .orderBy('starts_at')
        .executeTakeFirst();
      if (meeting && pkg.grantId !== null)
        await db
          .insertInto('credit_uses')
          .values({ grant_id: pkg.grantId, meeting_id: meeting.id, created_at: at })
          .execute();
    },
  });

  // client@'s subscription: bought two months and a bit ago, renewed each month since.
  const started = addMonths(new Date(+at - 10 * DAY), -2);
  let purchaseId: number | undefined;
  const periods = [0, 1, 2].map((n) => addMonths(started, n));
  for (const periodStart of periods)
    sales.push({
      paidAt: periodStart,
      record: async () => {
        const sale = await recordPastSale(db, {
          tenantId: tenant.id,
          clientId: seed.clientId,
          offeringId: monthly.id,
          amount: monthly.price,
          paidAt: periodStart,
          method: 'stripe',
          renews: purchaseId,
          credits: {
            quantity: sub.sessions,
            meetingTypeId: video.id,
            expiresAt: addMonths(periodStart, 1),
            periodStart,
          },
        });
        purchaseId ??= sale.purchaseId;
      },
    });

  // basic@'s smaller package, paid by bank transfer a month longer ago than it lasts, recorded by the admin:
  // expired since.
  const paidOffline = addMonths(at, -(small!.valid_months! + 1));
  sales.push({
    paidAt: paidOffline,
    record: async () => {
      await recordPastSale(db, {
        tenantId: tenant.id,
        clientId: seed.basicId,
        offeringId: small!.id,
        amount: small!.price,
        paidAt: paidOffline,
        method: 'offline',
        recordedBy: seed.adminId,
        note: 'Bank transfer received',
        status: 'completed',
        credits: {
          quantity: small!.sessions!,
          meetingTypeId: video.id,
          expiresAt: addMonths(paidOffline, small!.valid_months!),
        },
      });
    },
  });

  for (const sale of sales.sort((a, b) => +a.paidAt - +b.paidAt)) await sale.record();
  const current = periods.at(-1)!;
  await db
    .insertInto('subscriptions')
    .values({
      purchase_id: purchaseId!,
      status: 'active',
      current_period_start: current,
      current_period_end: addMonths(current, 1),
    })
    .execute();
}
