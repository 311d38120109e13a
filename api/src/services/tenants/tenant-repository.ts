import type { Kysely } from 'kysely';
import type { Database, Tenant } from '../../db/database.js';
import { lockSubject } from '../../db/subject-lock.js';
import type { TenantConfig } from './tenant-files.js';

/**
 * Writes the deployed tenants/ to the table. Instances starting together on one database each do this: under
 * one lock, so one writes and the others then update what it wrote. Without it two inserts of a new tenant
 * race, and the loser fails on the slug's unique index (ON CONFLICT only catches the id), ending its start.
 */
export async function upsertTenants(db: Kysely<Database>, tenants: TenantConfig[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockSubject(trx, 'tenants');
    for (const t of tenants) await upsertTenant(trx, t);
  });
}

async function upsertTenant(db: Kysely<Database>, t: TenantConfig): Promise<void> {
  const row = {
    id: t.id,
    slug: t.slug,
    name: t.name,
    domain: t.domain,
    default_flags: JSON.stringify(t.defaultFlags),
    integration_message_content: t.integrationMessageContent,
    booking_notice_hours: t.booking.noticeHours,
    booking_rooms: JSON.stringify(t.booking.rooms),
    booking_meeting_types: JSON.stringify(t.booking.meetingTypes),
    agreement_required: t.agreementRequired,
    reminder_minutes: JSON.stringify(t.notifications.meetingReminders),
    quiet_hours: JSON.stringify(t.notifications.quietHours),
    notification_channels: JSON.stringify(t.notifications.channels),
    billing_currency: t.billing.currency,
    billing_tax: t.billing.tax && JSON.stringify(t.billing.tax),
    billing_seller: t.billing.seller && JSON.stringify(t.billing.seller),
    billing_grace_days: t.billing.graceDays,
    billing_offline: t.billing.offlinePayment,
    billing_invoice_prefix: t.billing.invoicePrefix,
    billing_time_zone: t.billing.timeZone,
  };
  await db
    .insertInto('tenants')
    .values(row)
    .onConflict((oc) => oc.column('id').doUpdateSet(row))
    .execute();
}

export async function findTenant(db: Kysely<Database>, id: number): Promise<Tenant | undefined> {
  return db.selectFrom('tenants').selectAll().where('id', '=', id).executeTakeFirst();
}
