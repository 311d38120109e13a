// The coach tests' people: the demo seed of the two fixture tenants (each with two coaches and their own
// clients, all signing in with the demo password), found by email and signed in through the real OTP login.
import { demoPassword, seedDemo } from '../../src/seed/seed.js';
import { loadTenantFiles } from '../../src/services/tenants/tenant-files.js';
import { ALPHA, fixtureTenants } from './harness.js';
import type { Harness, TestUser } from './harness.js';
import type { Person } from './mailbox.js';

export async function seedFixtures(h: Harness): Promise<void> {
  const tenants = await loadTenantFiles(fixtureTenants, { warn: () => {} });
  await seedDemo(h.db, tenants, { production: false, now: h.clock.now(), storage: h.storage });
}

/** A seeded user of a fixture tenant by the local part of their email (coach, coach2, client, basic, ...). */
export async function demoUser(h: Harness, local: string, tenant = ALPHA): Promise<TestUser> {
  const slug = tenant === ALPHA ? 'alpha' : 'beta';
  const row = await h.db
    .selectFrom('users')
    .select(['id', 'email', 'tenant_id'])
    .where('tenant_id', '=', tenant)
    .where('email', '=', `${local}@${slug}.test`)
    .executeTakeFirstOrThrow();
  return { id: row.id, email: row.email, tenantId: row.tenant_id };
}

/** A seeded user, signed in with the demo password (password, then the mailed OTP). */
export async function demoSignIn(h: Harness, local: string, tenant = ALPHA): Promise<Person> {
  const user = await demoUser(h, local, tenant);
  return { user, token: (await h.login(user, demoPassword)).token };
}

/**
 * Starts the harness on the seeded fixture tenants and signs the named demo people in, one after the other (a
 * name alone is ALPHA's; `[name, tenant]` another tenant's).
 */
export async function startSignedIn<const P extends readonly (string | readonly [string, number])[]>(
  h: Harness,
  ...people: P
): Promise<{ [K in keyof P]: Person }> {
  await h.start();
  await seedFixtures(h);
  const signed: Person[] = [];
  for (const who of people)
    signed.push(await (typeof who === 'string' ? demoSignIn(h, who) : demoSignIn(h, who[0], who[1])));
  return signed as { [K in keyof P]: Person };
}

/** A call as `who`; a POST without a body sends {} as the app does. */
export const as = (h: Harness, who: Person, method: 'GET' | 'POST', url: string, body?: unknown) =>
  h.call(method, url, {
    tenant: who.user.tenantId,
    token: who.token,
    body: method === 'POST' ? (body ?? {}) : body,
  });
