// Shortcuts for the client-work tests: the demo client work seeded for a client, and a POST.
import { seedClientWork } from '../../src/seed/seed-client-work.js';
import { demoSetFor } from '../../src/seed/sets/index.js';
import type { Harness } from './harness.js';
import type { Person } from './sign-in.js';

/** Makes the demo client work the client's; returns the client. */
export async function withClientWork<P extends Person>(h: Harness, client: P): Promise<P> {
  await seedClientWork(h.db, {
    tenantId: client.user.tenantId,
    clientId: client.user.id,
    coachId: null,
    full: true,
    at: h.clock.now(),
    // The demo tenant's business, whatever the test tenant: the client-work tests read its records.
    set: demoSetFor('demo'),
  });
  return client;
}

export const post = (h: Harness, client: Person, url: string, body: unknown = {}) =>
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
