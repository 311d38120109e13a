// Shortcuts for the group coaching tests: a signed-in member with chosen flags, the demo groups joined, and
// a /gapi call.
import type { Flags as TrainingFlags } from '../../../contracts/training-flags.js';
import { seedGroups } from '../../src/seed/seed-groups.js';
import { demoSetFor } from '../../src/seed/sets/index.js';
import type { Harness } from './harness.js';
import { signIn } from './sign-in.js';
import type { Person } from './sign-in.js';

type Flags = Pick<TrainingFlags, 'group_coaching' | 'business_academy'>;

export async function member(h: Harness, flags: Flags, tenant?: number): Promise<Person> {
  const { user, token } = await signIn(h, { flags, ...(tenant ? { tenant_id: tenant } : {}) });
  return { user, token };
}

/** Seeds the tenant's demo groups (once) and makes the client a member: the free and the paid user group ids. */
export async function joinDemoGroups(h: Harness, client: Person) {
  const tenantId = client.user.tenantId;
  await seedGroups(h.db, {
    tenantId,
    tenantSlug: `tenant-${tenantId}`,
    coachId: null,
    memberIds: [client.user.id],
    at: h.clock.now(),
    set: demoSetFor('demo'),
  });
  const rows = await h.db
    .selectFrom('user_groups')
    .innerJoin('groups', 'groups.id', 'user_groups.group_id')
    .select(['user_groups.id', 'groups.group_type'])
    .where('user_groups.user_id', '=', client.user.id)
    .execute();
  const id = (type: string) => rows.find((r) => r.group_type === type)!.id;
  return { free: id('free'), paid: id('paid') };
}

export const groupsQuery = (h: Harness, client: Person, query: string, variables: Record<string, unknown>) =>
  h.call('POST', '/gapi', {
    tenant: client.user.tenantId,
    headers: { token: client.token },
    body: { query, variables },
  });

/** A group of `tenant` as the shop sells it (paid or free), optionally a coach's (coaches.id); its id. */
export async function saleGroup(
  h: Harness,
  tenant: number,
  fields: { price: number; group_type: string; title: string; coach_id?: number },
): Promise<number> {
  const at = h.clock.now();
  const row = await h.db
    .insertInto('groups')
    .values({
      tenant_id: tenant,
      name: fields.title,
      slug: `${fields.title.toLowerCase().replace(/\W+/g, '-')}-${Math.random().toString(36).slice(2, 7)}`,
      currency: 'usd',
      created_at: at,
      updated_at: at,
      ...fields,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
