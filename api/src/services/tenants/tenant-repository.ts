import type { Kysely } from 'kysely';
import type { Database, Tenant } from '../../db/database.js';
import type { TenantConfig } from './tenant-files.js';

export async function upsertTenants(db: Kysely<Database>, tenants: TenantConfig[]): Promise<void> {
  for (const t of tenants) {
    const row = {
      id: t.id,
      slug: t.slug,
      name: t.name,
      domain: t.domain,
      default_group_coaching: t.defaultFlags.group_coaching,
      default_flash_coaching: t.defaultFlags.flash_coaching,
      default_business_academy: t.defaultFlags.business_academy,
    };
    await db
      .insertInto('tenants')
      .values(row)
      .onConflict((oc) => oc.column('id').doUpdateSet(row))
      .execute();
  }
}

export async function findTenant(db: Kysely<Database>, id: number): Promise<Tenant | undefined> {
  return db.selectFrom('tenants').selectAll().where('id', '=', id).executeTakeFirst();
}
