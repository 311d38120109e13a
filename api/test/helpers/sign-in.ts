// The one way an API test gets a signed-in person: the real OTP login (password, then the mailed code, from an
// address of its own) of a new person, of someone the test made, or of a seeded demo person.
import { demoPassword } from '../../src/seed/seed.js';
import { ALPHA } from './harness.js';
import type { Harness, TestUser } from './harness.js';

/** A signed-in person: who, and their session token. */
export interface Person {
  user: TestUser;
  token: string;
}

type NewPerson = NonNullable<Parameters<Harness['createUser']>[0]>;

/**
 * - nothing, or createUser's fields (`role_id`, `tenant_id`, names, `flags`, ...): a new person made here (a
 *   client of ALPHA unless the fields say otherwise), with the harness password;
 * - `{ user, password? }`: someone the test made, with the harness password unless given;
 * - `{ demo, tenant? }`: a seeded person of a fixture tenant (seedFixtures) by their email's local part (coach,
 *   coach2, client, basic, admin, ...), ALPHA's unless `tenant` says, with the demo password.
 */
type Who =
  | (NewPerson & { user?: never; demo?: never })
  | { user: TestUser; password?: string; demo?: never }
  | { demo: string; tenant?: number; user?: never };

/** Signs `who` in; also returns the trusted-device token the login gave. */
export async function signIn(h: Harness, who: Who = {}): Promise<Person & { deviceToken: string }> {
  let user: TestUser;
  let password: string | undefined;
  if (who.demo !== undefined) {
    user = await demoUser(h, who.demo, who.tenant);
    password = demoPassword;
  } else if (who.user !== undefined) {
    ({ user, password } = who);
  } else {
    user = await h.createUser(who);
  }
  return { user, ...(await h.login(user, password)) };
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
