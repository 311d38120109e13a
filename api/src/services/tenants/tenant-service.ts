// Tenants change only with a deploy (tenants/ is baked into builds), so they are read once per process after
// being written from tenants/*.json; the table exists so users and tokens can reference a tenant.
import type { Kysely } from 'kysely';
import type { Database, Tenant } from '../../db/database.js';
import type { TenantConfig } from './tenant-files.js';
import { findTenant, upsertTenants } from './tenant-repository.js';

interface TenantService {
  get(id: number): Promise<Tenant | undefined>;
}

export async function createTenantService(
  db: Kysely<Database>,
  configs: TenantConfig[],
): Promise<TenantService> {
  await upsertTenants(db, configs);
  const cache = new Map<number, Tenant>();
  return {
    async get(id) {
      const cached = cache.get(id);
      if (cached) return cached;
      const tenant = await findTenant(db, id);
      if (tenant) cache.set(id, tenant);
      return tenant;
    },
  };
}

export function corsOrigins(configs: TenantConfig[]): string[] {
  return configs.map((t) => `https://${t.domain}`);
}
