// The tenant's companies, each with how many people belong to it. Names are unique per tenant, compared
// without regard to case so "Acme" and "acme" cannot both exist.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';

export async function listCompanies(db: Kysely<Database>, tenantId: number) {
  return db
    .selectFrom('companies as c')
    .where('c.tenant_id', '=', tenantId)
    .select(['c.id', 'c.name', 'c.website', 'c.industry'])
    .select((eb) =>
      eb
        .selectFrom('users as u')
        .whereRef('u.company_id', '=', 'c.id')
        .select((x) => x.fn.countAll<string | number>().as('n'))
        .as('people'),
    )
    .orderBy(sql`lower(c.name)`)
    .orderBy('c.id')
    .execute();
}

export async function findCompany(db: Kysely<Database>, tenantId: number, id: number) {
  return db
    .selectFrom('companies')
    .select(['id', 'name'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findCompanyByName(db: Kysely<Database>, tenantId: number, name: string) {
  return db
    .selectFrom('companies')
    .select(['id', 'name'])
    .where('tenant_id', '=', tenantId)
    .where(sql`lower(name)`, '=', name.toLowerCase())
    .executeTakeFirst();
}

export async function insertCompany(db: Kysely<Database>, tenantId: number, name: string) {
  return db
    .insertInto('companies')
    .values({ tenant_id: tenantId, name, website: null, industry: null })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
}

export async function renameCompany(db: Kysely<Database>, tenantId: number, id: number, name: string) {
  await db
    .updateTable('companies')
    .set({ name })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}
