// Shortcuts for the client-work tests: a signed-in client with the demo client work seeded, and a POST.
import { seedClientWork } from '../../src/seed/seed-client-work.js';
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
    });
  }
  const { token } = await h.login(user);
  return { user, token };
}

export const post = (h: Harness, client: Client, url: string, body: unknown = {}) =>
  h.call('POST', url, { tenant: client.user.tenantId, token: client.token, body });
