// Getting paid: what a coaching business sells (offerings), who bought what (purchases, subscriptions),
// the session credits a purchase gives and each booking spends (credit_grants, credit_uses), the money that
// came in or went back (payments, refunds), and the invoices and credit notes for it (invoices, numbered per
// tenant without gaps by invoice_sequences). Amounts are integers in the currency's minor unit (contracts/
// billing.ts knows which currencies have none). The database refuses what must never happen twice: a second
// open purchase of one offering by one client, a meeting that spends two credits, a renewal that grants twice,
// an invoice number used twice, an issued invoice changed or deleted. tenant.json's billing block lands in
// tenants' billing_* columns (tenant-repository.ts).
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

const now = sql`now()`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('tenants')
    .addColumn('billing_currency', 'text', (c) => c.notNull().defaultTo('usd'))
    .addColumn('billing_tax', 'jsonb')
    .addColumn('billing_seller', 'jsonb')
    .addColumn('billing_grace_days', 'integer', (c) => c.notNull().defaultTo(7))
    .addColumn('billing_offline', 'text')
    .addColumn('billing_invoice_prefix', 'text', (c) => c.notNull().defaultTo('INV-'))
    .execute();
  await sql`alter table tenants
    add constraint tenants_billing_currency check (billing_currency ~ '^[a-z]{3}$'),
    add constraint tenants_billing_grace check (billing_grace_days between 0 and 60)`.execute(db);
  await db.schema
    .alterTable('users')
    .addColumn('stripe_customer_id', 'text', (c) => c.unique())
    .execute();

  await db.schema
    .createTable('offerings')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id'))
    // Null: the tenant's own (an admin's), sold on behalf of every coach.
    .addColumn('coach_id', 'integer', (c) => c.references('coaches.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('meeting_type_id', 'integer', (c) => c.references('meeting_types.id').onDelete('restrict'))
    .addColumn('sessions', 'integer')
    .addColumn('valid_months', 'integer')
    .addColumn('interval', 'text')
    .addColumn('instalments', 'integer')
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('audience', 'text', (c) => c.notNull().defaultTo('clients'))
    .addColumn('group_id', 'integer', (c) => c.references('groups.id').onDelete('cascade'))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('stripe_price_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addCheckConstraint('offerings_kind', sql`kind in ('session', 'package', 'subscription', 'plan')`)
    .addCheckConstraint('offerings_price', sql`price >= 0 and price <= 100000000`)
    .addCheckConstraint('offerings_currency', sql`currency ~ '^[a-z]{3}$'`)
    .addCheckConstraint('offerings_audience', sql`audience in ('clients', 'group', 'invited')`)
    .addCheckConstraint('offerings_group', sql`(audience = 'group') = (group_id is not null)`)
    // Each kind carries its own terms and no other's (coalesce: a check whose test is null would pass).
    .addCheckConstraint(
      'offerings_terms',
      sql`coalesce(case kind
        when 'session' then sessions = 1 and valid_months is null and interval is null and instalments is null
        when 'package' then sessions between 2 and 100 and valid_months between 1 and 36
          and interval is null and instalments is null
        when 'subscription' then (sessions is null or sessions between 1 and 100)
          and interval in ('month', 'quarter') and valid_months is null and instalments is null
        when 'plan' then instalments between 2 and 24 and interval = 'month'
          and (sessions is null or sessions between 1 and 100) and (valid_months is null or valid_months between 1 and 36)
      end, false)`,
    )
    .execute();
  await db.schema
    .createIndex('offerings_tenant')
    .on('offerings')
    .columns(['tenant_id', 'coach_id'])
    .execute();
  await db.schema
    .createTable('offering_invitations')
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id'))
    .addColumn('offering_id', 'integer', (c) => c.notNull().references('offerings.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('offering_invitations_pk', ['offering_id', 'client_id'])
    .execute();

  await db.schema
    .createTable('purchases')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('offering_id', 'integer', (c) => c.notNull().references('offerings.id').onDelete('restrict'))
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    // The price as it was sold: a later change of the offering never changes a purchase.
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('stripe_payment_intent', 'text', (c) => c.unique())
    .addColumn('stripe_subscription_id', 'text', (c) => c.unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('paid_at', 'timestamptz')
    .addCheckConstraint(
      'purchases_status',
      sql`status in ('pending', 'active', 'completed', 'cancelled', 'failed', 'refunded')`,
    )
    .addCheckConstraint('purchases_method', sql`method in ('stripe', 'offline')`)
    .addUniqueConstraint('purchases_key', ['tenant_id', 'client_id', 'idempotency_key'])
    .execute();
  // However many buys arrive at once, whatever their keys: one open purchase of an offering per client.
  await sql`create unique index purchases_one_open on purchases (client_id, offering_id)
    where status = 'pending'`.execute(db);
  await db.schema
    .createIndex('purchases_client')
    .on('purchases')
    .columns(['tenant_id', 'client_id'])
    .execute();

  await db.schema
    .createTable('subscriptions')
    .addColumn('purchase_id', 'integer', (c) => c.primaryKey().references('purchases.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('current_period_start', 'timestamptz', (c) => c.notNull())
    .addColumn('current_period_end', 'timestamptz', (c) => c.notNull())
    .addColumn('cancel_at_period_end', 'boolean', (c) => c.notNull().defaultTo(false))
    // Since when a renewal is unpaid: booking that needs the plan is refused after the tenant's grace days.
    .addColumn('past_due_since', 'timestamptz')
    .addColumn('instalments_paid', 'integer', (c) => c.notNull().defaultTo(0))
    .addCheckConstraint('subscriptions_status', sql`status in ('active', 'past_due', 'cancelled', 'ended')`)
    .addCheckConstraint('subscriptions_period', sql`current_period_end > current_period_start`)
    .execute();

  await db.schema
    .createTable('credit_grants')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // Null: spent on any of the client's meeting types that need a credit.
    .addColumn('meeting_type_id', 'integer', (c) => c.references('meeting_types.id').onDelete('set null'))
    // Negative only for an admin's adjustment down.
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('purchase_id', 'integer', (c) => c.references('purchases.id').onDelete('cascade'))
    .addColumn('period_start', 'timestamptz')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('reason', 'text')
    .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('credit_grants_source', sql`source in ('purchase', 'renewal', 'adjustment')`)
    .addCheckConstraint(
      'credit_grants_quantity',
      sql`quantity <> 0 and (quantity > 0 or source = 'adjustment')`,
    )
    .addCheckConstraint(
      'credit_grants_adjustment',
      sql`(source = 'adjustment') = (reason is not null and actor_id is not null and purchase_id is null)`,
    )
    .execute();
  // A purchase grants once, a renewal once a period: a replayed webhook finds its grant there.
  await sql`create unique index credit_grants_once on credit_grants
    (purchase_id, coalesce(period_start, '-infinity'::timestamptz)) where purchase_id is not null`.execute(
    db,
  );
  await db.schema
    .createIndex('credit_grants_client')
    .on('credit_grants')
    .columns(['tenant_id', 'client_id'])
    .execute();
  await db.schema
    .createTable('credit_uses')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('grant_id', 'integer', (c) => c.notNull().references('credit_grants.id').onDelete('cascade'))
    .addColumn('meeting_id', 'integer', (c) => c.notNull().references('meetings.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    // Set when a cancellation within the notice gives the credit back.
    .addColumn('returned_at', 'timestamptz')
    .execute();
  // A meeting spends at most one credit at a time: a double booking is never a double charge.
  await sql`create unique index credit_uses_meeting on credit_uses (meeting_id)
    where returned_at is null`.execute(db);
  await db.schema.createIndex('credit_uses_grant').on('credit_uses').column('grant_id').execute();

  await db.schema
    .createTable('payments')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('purchase_id', 'integer', (c) => c.notNull().references('purchases.id').onDelete('restrict'))
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('tax_amount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    // What Stripe knows it by (a PaymentIntent for one-offs, an Invoice for renewals): one payment each.
    .addColumn('stripe_ref', 'text', (c) => c.unique())
    .addColumn('refunded_amount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('recorded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('note', 'text')
    .addColumn('paid_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('payments_method', sql`method in ('stripe', 'offline')`)
    .addCheckConstraint('payments_amount', sql`amount > 0 and tax_amount >= 0 and tax_amount <= amount`)
    .addCheckConstraint('payments_refunded', sql`refunded_amount between 0 and amount`)
    .addCheckConstraint('payments_offline', sql`(method = 'offline') = (recorded_by is not null)`)
    .execute();
  // The revenue views read a tenant's payments by month.
  await db.schema
    .createIndex('payments_tenant_paid')
    .on('payments')
    .columns(['tenant_id', 'paid_at'])
    .execute();
  await db.schema.createIndex('payments_client').on('payments').column('client_id').execute();
  await db.schema
    .createTable('refunds')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id'))
    .addColumn('payment_id', 'integer', (c) => c.notNull().references('payments.id').onDelete('restrict'))
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('stripe_refund_id', 'text', (c) => c.unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('refunds_amount', sql`amount > 0`)
    .execute();

  await db.schema
    .createTable('invoice_sequences')
    .addColumn('tenant_id', 'integer', (c) => c.primaryKey().references('tenants.id'))
    .addColumn('last', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('invoices')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    // The tenant's sequence (invoice_sequences, taken in the payment's transaction): 1, 2, 3 … without a gap.
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('payment_id', 'integer', (c) => c.notNull().references('payments.id').onDelete('restrict'))
    .addColumn('refund_id', 'integer', (c) => c.unique().references('refunds.id').onDelete('restrict'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
    // As they were on the day: the seller from tenant.json, the buyer's name and address, each line.
    .addColumn('seller', 'jsonb', (c) => c.notNull())
    .addColumn('buyer', 'jsonb', (c) => c.notNull())
    .addColumn('lines', 'jsonb', (c) => c.notNull())
    .addColumn('subtotal', 'integer', (c) => c.notNull())
    .addColumn('tax', 'integer', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('tax_label', 'text')
    .addColumn('tax_rate_bp', 'integer')
    .addColumn('issued_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('invoices_kind', sql`kind in ('invoice', 'credit_note')`)
    .addCheckConstraint('invoices_refund', sql`(kind = 'credit_note') = (refund_id is not null)`)
    .addCheckConstraint('invoices_totals', sql`subtotal + tax = total`)
    .addUniqueConstraint('invoices_seq', ['tenant_id', 'seq'])
    .execute();
  // A payment has one invoice; its refunds each a credit note.
  await sql`create unique index invoices_payment on invoices (payment_id) where kind = 'invoice'`.execute(db);
  // An issued invoice never changes and is never deleted: a refund is a credit note of its own.
  await sql`create function invoices_issued() returns trigger language plpgsql as $$
    begin raise exception 'an issued invoice never changes' using errcode = 'P0001'; end $$`.execute(db);
  await sql`create trigger invoices_issued before update or delete on invoices
    for each row execute function invoices_issued()`.execute(db);

  const notes: Record<string, string> = {
    'tenants.billing_currency': "tenant.json's billing.currency, lower case: what offerings are priced in.",
    'tenants.billing_tax':
      "tenant.json's billing.tax as { label, rateBp } (basis points); null: no tax shown.",
    'tenants.billing_seller': "tenant.json's billing.seller: { name, address[], taxId?, email? }.",
    'tenants.billing_grace_days': 'Days a failed renewal keeps booking open (tenant.json billing.graceDays).',
    'tenants.billing_offline':
      'How to pay without cards (tenant.json billing.offlinePayment); null: not said.',
    'tenants.billing_invoice_prefix': 'What invoice numbers start with (tenant.json billing.invoicePrefix).',
    'users.stripe_customer_id': "The client's Stripe Customer, made at their first subscription.",
    'offerings.coach_id': "The coach who sells it; null: the tenant's own (an admin's), for every coach.",
    'offerings.price': 'What the client pays, tax included, in minor units: the total, or per period.',
    'offerings.sessions':
      'Credits it gives: 1 a session, N a package, N a period (null: none) a subscription.',
    'offerings.valid_months': "A package's credits expire this many months after the purchase.",
    'offerings.interval': "A subscription's (or a plan's instalments') period: month or quarter.",
    'offerings.instalments': "A payment plan's number of monthly instalments (its price is the total).",
    'offerings.active': 'false: archived, no longer sold (what was bought stays).',
    'purchases.idempotency_key': "The client's Idempotency-Key: a retried buy answers the same purchase.",
    'purchases.amount': 'The price as it was sold, in minor units (the total, or per period).',
    'subscriptions.past_due_since': 'When a renewal failed and stayed unpaid; null: paid up.',
    'subscriptions.instalments_paid': "A payment plan's instalments paid so far (it ends at the last).",
    'credit_grants.meeting_type_id':
      "The type its credits book; null: any of the client's types that need one.",
    'credit_grants.quantity': 'Credits given; below zero only for an adjustment down (reason and actor set).',
    'credit_grants.period_start': "The subscription period it is for; null for a package's one grant.",
    'credit_uses.returned_at': 'A cancellation within the notice gave the credit back.',
    'payments.tax_amount': 'The tax inside amount (prices include tax), as its invoice shows it.',
    'payments.stripe_ref': "Stripe's PaymentIntent (one-off) or Invoice (renewal) id; null when offline.",
    'payments.recorded_by': 'The admin who recorded an offline payment; null for a card payment.',
    'invoices.seq': "The tenant's invoice sequence: 1, 2, 3 … with no gap (credit notes share it).",
    'invoices.number': 'The printed number: the prefix and the sequence, e.g. INV-000042.',
    'invoices.lines': '[{ description, quantity, amount }] as issued (amount tax included, minor units).',
  };
  for (const [column, text] of Object.entries(notes))
    await sql`comment on column ${sql.ref(column)} is ${sql.lit(text)}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger invoices_issued on invoices`.execute(db);
  await sql`drop function invoices_issued()`.execute(db);
  for (const table of [
    'invoices',
    'invoice_sequences',
    'refunds',
    'payments',
    'credit_uses',
    'credit_grants',
    'subscriptions',
    'purchases',
    'offering_invitations',
    'offerings',
  ])
    await db.schema.dropTable(table).execute();
  await db.schema.alterTable('users').dropColumn('stripe_customer_id').execute();
  await db.schema
    .alterTable('tenants')
    .dropColumn('billing_currency')
    .dropColumn('billing_tax')
    .dropColumn('billing_seller')
    .dropColumn('billing_grace_days')
    .dropColumn('billing_offline')
    .dropColumn('billing_invoice_prefix')
    .execute();
}
