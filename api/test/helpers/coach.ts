// The coach tests' people: the demo seed of the two fixture tenants (each with two coaches and their own
// clients, all signing in with the demo password), signed in through the real OTP login (sign-in.ts).
import { seedDemo } from '../../src/seed/seed.js';
import { loadTenantFiles } from '../../src/services/tenants/tenant-files.js';
import { fixtureTenants } from './harness.js';
import type { Harness } from './harness.js';
import { signIn } from './sign-in.js';
import type { Person } from './sign-in.js';

export async function seedFixtures(h: Harness): Promise<void> {
  const tenants = await loadTenantFiles(fixtureTenants, { warn: () => {} });
  await seedDemo(h.db, tenants, { production: false, now: h.clock.now(), storage: h.storage });
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
    signed.push(await signIn(h, typeof who === 'string' ? { demo: who } : { demo: who[0], tenant: who[1] }));
  return signed as { [K in keyof P]: Person };
}

/** A call as `who`; a POST without a body sends {} as the app does. */
export const as = (h: Harness, who: Person, method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) =>
  h.call(method, url, {
    tenant: who.user.tenantId,
    token: who.token,
    body: method === 'POST' ? (body ?? {}) : body,
  });
