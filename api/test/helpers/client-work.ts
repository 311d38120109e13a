// Shortcuts for the client-work tests: a signed-in client with the demo client work seeded, and a POST.
import { seedClientWork } from '../../src/seed/seed-client-work.js';
import { demoSetFor } from '../../src/seed/sets/index.js';
import type { Harness, TestUser } from './harness.js';

export interface Client {
  user: TestUser;
  token: string;
}

/** A new client of tenant ALPHA (or `tenant`), signed in; with `seeded`, the demo client work is theirs. */
export async function signedInClient(h: Harness, seeded = true, tenant?: number): Promise<Client> {
  const user = await h.createUser(tenant ? { tenant_id: tenant } : {});
  if (seeded) {
    await seedClientWork(h.db, {
      tenantId: user.tenantId,
      clientId: user.id,
      coachId: null,
      full: true,
      at: h.clock.now(),
      // The demo tenant's business, whatever the test tenant: the client-work tests read its records.
      set: demoSetFor('demo'),
    });
  }
  const { token } = await h.login(user);
  return { user, token };
}

export const post = (h: Harness, client: Client, url: string, body: unknown = {}) =>
  h.call('POST', url, { tenant: client.user.tenantId, token: client.token, body });

/** Makes coachUserId a coach (a coaches row) of clientId, in `tenant`. */
export async function makeCoach(
  h: Pick<Harness, 'db' | 'clock'>,
  coachUserId: number,
  clientId: number,
  tenant = 501,
) {
  const coach = await h.db
    .insertInto('coaches')
    .values({
      tenant_id: tenant,
      user_id: coachUserId,
      bio: '',
      specialties: '',
      certifications: '',
      years_experience: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await h.db
    .insertInto('coach_clients')
    .values({ coach_id: coach.id, client_id: clientId, tenant_id: tenant, since: h.clock.now() })
    .execute();
}
