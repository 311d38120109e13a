// The demo's billing (npm start shows it): every example tenant's demo coach sells two packages and a monthly
// subscription in the tenant's currency, the video type needs a credit; client@ has a package (one credit spent
// on their booked video meeting) and a subscription renewed twice, basic@ an expired package paid offline; each
// payment has its invoice, numbered 1, 2, 3 … in the tenant without a gap. Seeding twice changes nothing.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableCredits } from '../src/services/billing/credit-balance.js';
import { seedDemo } from '../src/seed/seed.js';
import { loadTenantFiles, type TenantConfig } from '../src/services/tenants/tenant-files.js';
import { Harness } from './helpers/harness.js';

const h = new Harness();
let examples: TenantConfig[];

beforeAll(async () => {
  await h.start();
  examples = await loadTenantFiles(join(import.meta.dirname, '../../tenants'), { warn: () => {} });
  for (let i = 0; i < 2; i += 1)
    await seedDemo(h.db, examples, { production: false, now: h.clock.now(), storage: h.storage });
});
afterAll(() => h.stop());

const person = (tenant: TenantConfig, local: string) =>
  h.db
    .selectFrom('users')
    .select('id')
    .where('tenant_id', '=', tenant.id)
    .where('email', '=', `${local}@${tenant.slug}.test`)
    .executeTakeFirstOrThrow()
    .then((u) => u.id);

describe('the demo billing', () => {
  it('sells two packages and a subscription in each tenant’s currency', async () => {
    for (const tenant of examples) {
      const offerings = await h.db
        .selectFrom('offerings')
        .select(['kind', 'currency', 'price'])
        .where('tenant_id', '=', tenant.id)
        .orderBy('id')
        .execute();
      expect(offerings.map((o) => o.kind)).toEqual(['package', 'package', 'subscription']);
      expect(new Set(offerings.map((o) => o.currency))).toEqual(new Set([tenant.billing.currency]));
    }
  });

  it('numbers every invoice of a tenant 1, 2, 3 … without a gap, one per payment', async () => {
    for (const tenant of examples) {
      const invoices = await h.db
        .selectFrom('invoices')
        .select(['seq', 'number', 'total', 'subtotal', 'tax', 'issued_at'])
        .where('tenant_id', '=', tenant.id)
        .orderBy('seq')
        .execute();
      const payments = await h.db
        .selectFrom('payments')
        .select('id')
        .where('tenant_id', '=', tenant.id)
        .execute();
      expect(invoices.map((i) => i.seq)).toEqual(payments.map((_, n) => n + 1));
      expect(invoices[0]!.number).toBe(`${tenant.billing.invoicePrefix}000001`);
      // The numbers rise with the dates, as a real sequence's do.
      const dates = invoices.map((i) => +new Date(i.issued_at));
      expect(dates).toEqual([...dates].sort((a, b) => a - b));
      // globex shows VAT inside its prices; acme and demo none.
      expect(invoices.every((i) => i.subtotal + i.tax === i.total)).toBe(true);
      expect(invoices.some((i) => i.tax > 0)).toBe(tenant.billing.tax !== null);
    }
  });

  it('gives client@ credits, one spent on their video meeting, and basic@ none left', async () => {
    for (const tenant of examples) {
      const client = await person(tenant, 'client');
      const basic = await person(tenant, 'basic');
      const spent = await h.db
        .selectFrom('credit_uses as u')
        .innerJoin('credit_grants as g', 'g.id', 'u.grant_id')
        .select('u.meeting_id')
        .where('g.client_id', '=', client)
        .execute();
      expect(spent).toHaveLength(1);
      const large = await h.db
        .selectFrom('offerings')
        .select('sessions')
        .where('tenant_id', '=', tenant.id)
        .where('kind', '=', 'package')
        .orderBy('sessions', 'desc')
        .executeTakeFirstOrThrow();
      // The package less the one spent, and this month's subscription credit.
      expect(await availableCredits(h.db, tenant.id, client, h.clock.now())).toBe(large.sessions! - 1 + 1);
      expect(await availableCredits(h.db, tenant.id, basic, h.clock.now())).toBe(0);
    }
  });
});
