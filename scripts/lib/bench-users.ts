/**
 * The benchmark's simulated clients: `count` extra clients of the demo tenant's coach, each with what the demo
 * client@ has (meetings, notes, a mailbox with a thread, the free group with its lessons), seeded with the same
 * seed functions as `npm run seed` and the same password, every training flag on (booking's too), booking the
 * coach's first type open to all their clients (the seed's hours and types). Runs in the API's process before it
 * listens.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../api/src/db/database.js';
import { seedClientWork } from '../../api/src/seed/seed-client-work.js';
import { seedGroups } from '../../api/src/seed/seed-groups.js';
import { seedMailbox } from '../../api/src/seed/seed-mailbox.js';
import { everyFlag } from '../../contracts/training-flags.js';
import { demoSetFor } from '../../api/src/seed/sets/index.js';
import { hashPassword } from '../../api/src/services/auth/passwords.js';
import type { Storage } from '../../api/src/services/storage/storage.js';
import { openType } from './bench-booking.js';

/** What a simulated client needs to send the app's requests. */
export interface BenchUser {
  email: string;
  userId: number;
  /** The first message of the thread the client has with the coach. */
  threadId: number;
  /** A lesson of the free group, and the client's membership of it (the analytics' place). */
  lessonId: number;
  userGroupId: number;
  /** The client's zone (the app asks for slots from the client's today). */
  timeZone: string;
  /** Whom and what the client books: their coach (users.id) and a type open to them. */
  booking: { coachUserId: number; typeId: number };
}

const benchEmail = (index: number) => `bench-${index}@demo.test`;

export async function seedBenchUsers(
  db: Kysely<Database>,
  storage: Storage,
  options: { tenantId: number; demoEmail: string; password: string; count: number },
): Promise<BenchUser[]> {
  const { tenantId } = options;
  // The demo client's company and coach, seeded by seedDemo just before.
  const demo = await db
    .selectFrom('users')
    .innerJoin('coach_clients', 'coach_clients.client_id', 'users.id')
    .innerJoin('coaches', 'coaches.id', 'coach_clients.coach_id')
    .select(['users.company_id', 'coaches.id as coach_id', 'coaches.user_id as coach_user_id'])
    .where('users.tenant_id', '=', tenantId)
    .where('users.email', '=', options.demoEmail)
    .executeTakeFirstOrThrow();
  const passwordHash = await hashPassword(options.password);
  // The demo client's tenant, from their address (client@<slug>.test): the bench clients get its demo business.
  const tenantSlug = options.demoEmail.split('@')[1]!.replace(/\.test$/, '');
  const set = demoSetFor(tenantSlug);
  const at = new Date();
  const booking = { coachUserId: demo.coach_user_id, typeId: await openType(db, demo.coach_id) };
  const users: BenchUser[] = [];
  for (let index = 0; index < options.count; index++) {
    const email = benchEmail(index);
    const { id: clientId } = await db
      .insertInto('users')
      .values({
        tenant_id: tenantId,
        email,
        first_name: 'Bench',
        last_name: `Client ${index}`,
        company_id: demo.company_id,
        role_id: 3,
        time_zone: set.timeZone,
        flags: JSON.stringify(everyFlag(true)),
        password_hash: passwordHash,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('coach_clients')
      .values({ coach_id: demo.coach_id, client_id: clientId, tenant_id: tenantId, since: at })
      .execute();
    await seedClientWork(db, { tenantId, clientId, coachId: demo.coach_id, full: true, at, set });
    const mail = {
      tenantId,
      coachUserId: demo.coach_user_id,
      clientId,
      firstName: 'Bench',
      full: true,
      at,
      set,
    };
    await seedMailbox(db, storage, mail);
    await seedGroups(db, { tenantId, tenantSlug, coachId: demo.coach_id, memberIds: [clientId], at, set });
    const thread = await db
      .selectFrom('emails')
      .select('parent_id')
      .where('to_user_id', '=', clientId)
      .where('parent_id', 'is not', null)
      .executeTakeFirstOrThrow();
    const place = await db
      .selectFrom('user_groups')
      .innerJoin('member_group_lessons as m', 'm.group_id', 'user_groups.group_id')
      .select(['user_groups.id as user_group_id', 'm.lesson_id'])
      .where('user_groups.user_id', '=', clientId)
      .where('user_groups.status', '=', 'active')
      .orderBy('m.lesson_order')
      .executeTakeFirstOrThrow();
    users.push({
      email,
      userId: clientId,
      threadId: thread.parent_id!,
      lessonId: place.lesson_id,
      userGroupId: place.user_group_id,
      timeZone: set.timeZone,
      booking,
    });
  }
  return users;
}
