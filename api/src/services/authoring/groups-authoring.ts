// The coach authors their groups: create, edit, members and the lessons' order. A coach reaches only groups
// whose coach_id is theirs (another coach's or tenant's group: the same 404), adds only clients assigned to
// them (access/assigned-client.ts), and a member they remove loses the group at once: the membership is
// cancelled, which every member read (services/groups) already leaves out, and its meetings ahead are gone.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { lockSubject } from '../../db/subject-lock.js';
import { FieldError } from '../../errors.js';
import { requireSignedAgreement } from '../agreements/agreement-rule.js';
import { assignedClient } from '../access/assigned-client.js';
import { owned, ownerValues } from '../access/scope.js';
import type { Actor } from '../access/scope.js';
import { found } from '../client-work/owner.js';
import { coachIdOf, slugOf } from './coach-of.js';
import { colleaguesOf, handOver } from './group-handover.js';
import { listMembers } from './group-members.js';
import { addLesson, reorder } from './lesson-links.js';

interface GroupFields {
  title?: string;
  description?: string;
  meets_on?: string;
  start_date?: string | null;
  end_date?: string | null;
  /** In the currency's minor unit; 0 is a free group. */
  price?: number;
  currency?: string;
  capacity?: number | null;
  state?: 'draft' | 'open' | 'closed';
}

const columns = [
  'g.id',
  'g.title',
  'g.description',
  'g.meets_on',
  'g.start_date',
  'g.end_date',
  'g.price',
  'g.currency',
  'g.capacity',
  'g.state',
] as const;

function ownGroups(db: Kysely<Database>, coach: Actor, coachId: number) {
  return db
    .selectFrom('groups as g')
    .where('g.tenant_id', '=', coach.tenantId)
    .where('g.coach_id', '=', coachId);
}

/** The dates in order; a group's fields as the table keeps them (group_type follows the price). */
function columnsOf(fields: GroupFields) {
  const { price, currency, ...rest } = fields;
  return {
    ...rest,
    ...(price === undefined ? {} : { price, group_type: price > 0 ? 'paid' : 'free' }),
    ...(currency === undefined ? {} : { currency: currency.toLowerCase() }),
    ...(fields.title === undefined ? {} : { name: fields.title }),
  };
}

function checkDates(start: string | null | undefined, end: string | null | undefined) {
  if (start && end && end < start)
    throw new FieldError({ end_date: ['The end date is before the start date.'] });
}

export function createGroupsAuthoring(db: Kysely<Database>, now: () => Date) {
  async function own(coach: Actor, groupId: number) {
    const coachId = await coachIdOf(db, coach);
    const row = await ownGroups(db, coach, coachId)
      .select(columns)
      .where('g.id', '=', groupId)
      .executeTakeFirst();
    return { coachId, group: found(row, 'Group') };
  }

  async function lessonsOf(groupId: number) {
    return db
      .selectFrom('member_group_lessons as m')
      .innerJoin('lessons as l', 'l.id', 'm.lesson_id')
      .select([
        'l.id',
        'l.title',
        'l.published',
        'l.free_lesson',
        'm.lesson_order as order',
        'm.lesson_length as length',
        'm.lesson_access',
      ])
      .where('m.group_id', '=', groupId)
      .orderBy('m.lesson_order')
      .orderBy('l.id')
      .execute();
  }

  async function page(coach: Actor, groupId: number) {
    const { coachId, group } = await own(coach, groupId);
    const members = await listMembers(db, coach, groupId);
    const inGroup = new Set(members.map((m) => m.id));
    const clients = await db
      .selectFrom('coach_clients as cc')
      .where(owned(coach, 'coach_clients as cc'))
      .innerJoin('users as u', 'u.id', 'cc.client_id')
      .select(['u.id', 'u.first_name', 'u.last_name', 'u.email'])
      .orderBy('u.last_name')
      .orderBy('u.first_name')
      .execute();
    const lessons = await lessonsOf(groupId);
    return {
      ...group,
      published_lessons: lessons.filter((l) => l.published).length,
      lessons,
      members,
      candidates: clients.filter((c) => !inGroup.has(c.id)),
      colleagues: (await colleaguesOf(db, coach, coachId)).map(({ user_id: _, ...c }) => c),
    };
  }

  return {
    async list(coach: Actor) {
      const coachId = await coachIdOf(db, coach);
      return ownGroups(db, coach, coachId)
        .select(columns)
        .select((eb) => [
          eb
            .selectFrom('user_groups as ug')
            .where(owned(coach, 'user_groups as ug'))
            .whereRef('ug.group_id', '=', 'g.id')
            .where('ug.status', '!=', 'cancelled')
            .select(sql<number>`count(*)::int`.as('n'))
            .as('members'),
          eb
            .selectFrom('member_group_lessons as m')
            .whereRef('m.group_id', '=', 'g.id')
            .select(sql<number>`count(*)::int`.as('n'))
            .as('lessons'),
        ])
        .orderBy('g.start_date', 'desc')
        .orderBy('g.id', 'desc')
        .execute()
        .then((rows) => rows.map((r) => ({ ...r, members: r.members ?? 0, lessons: r.lessons ?? 0 })));
    },

    page,

    async create(coach: Actor, fields: GroupFields & { title: string }) {
      const coachId = await coachIdOf(db, coach);
      checkDates(fields.start_date, fields.end_date);
      // A new group's currency, unless chosen: the one the coach's groups already charge in (the business's).
      const currency =
        fields.currency ??
        (await ownGroups(db, coach, coachId).select('g.currency').orderBy('g.id', 'desc').executeTakeFirst())
          ?.currency ??
        'usd';
      const at = now();
      const row = await db
        .insertInto('groups')
        .values({
          tenant_id: coach.tenantId,
          coach_id: coachId,
          slug: slugOf(fields.title),
          name: fields.title,
          state: 'draft',
          status: 'upcoming',
          ...columnsOf({ price: 0, ...fields, currency }),
          title: fields.title,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return page(coach, row.id);
    },

    async change(coach: Actor, groupId: number, fields: GroupFields) {
      const { group } = await own(coach, groupId);
      checkDates(
        fields.start_date === undefined ? group.start_date : fields.start_date,
        fields.end_date === undefined ? group.end_date : fields.end_date,
      );
      await db
        .updateTable('groups')
        .set({ ...columnsOf(fields), updated_at: now() })
        .where('id', '=', groupId)
        .execute();
      return page(coach, groupId);
    },

    async addMember(coach: Actor, groupId: number, clientId: number) {
      const client = await assignedClient(db, coach, clientId);
      const { coachId } = await own(coach, groupId);
      await requireSignedAgreement(db, { reader: coach, clientId: client.userId }, coachId, 'member');
      await db.transaction().execute(async (trx) => {
        // Two tabs adding the last places at once: counted and added one at a time.
        await lockSubject(trx, `group-members:${coach.tenantId}:${groupId}`);
        const group = await trx
          .selectFrom('groups')
          .select('capacity')
          .where('id', '=', groupId)
          .executeTakeFirstOrThrow();
        const taken = await trx
          .selectFrom('user_groups')
          .where(owned(coach, 'user_groups'))
          .select(sql<number>`count(*)::int`.as('n'))
          .where('group_id', '=', groupId)
          .where('status', '!=', 'cancelled')
          .where('user_id', '!=', client.userId)
          .executeTakeFirstOrThrow();
        if (group.capacity !== null && taken.n >= group.capacity)
          throw new FieldError({
            client_id: [
              group.capacity === 1
                ? 'The group is full: its one place is taken.'
                : `The group is full: all ${group.capacity} places are taken.`,
            ],
          });
        const at = now();
        await trx
          .insertInto('user_groups')
          .values({
            ...ownerValues(coach, 'user_groups', client),
            group_id: groupId,
            status: 'active',
            joined_at: at,
            updated_at: at,
          })
          .onConflict((oc) =>
            oc.columns(['group_id', 'user_id']).doUpdateSet({ status: 'active', updated_at: at }),
          )
          .execute();
      });
      return page(coach, groupId);
    },

    async removeMember(coach: Actor, groupId: number, clientId: number) {
      await own(coach, groupId);
      // Another coach's client (or no client) is a 404, as on every coach route naming a client.
      await assignedClient(db, coach, clientId);
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('user_groups')
          .where(owned(coach, 'user_groups'))
          .set({ status: 'cancelled', updated_at: now() })
          .where('group_id', '=', groupId)
          .where('user_id', '=', clientId)
          .execute();
        await trx
          .deleteFrom('lesson_meetings')
          .where(owned(coach, 'lesson_meetings'))
          .where('group_id', '=', groupId)
          .where('client_id', '=', clientId)
          .where('meeting_time', '>', now())
          .execute();
      });
      return page(coach, groupId);
    },

    /** The group goes to a colleague (group-handover.ts); the caller reaches it no more. */
    async handOver(coach: Actor, groupId: number, colleagueId: number) {
      const { coachId } = await own(coach, groupId);
      const to = await handOver(db, coach, coachId, groupId, colleagueId, now());
      return { id: groupId, coach: to };
    },

    async addLesson(coach: Actor, groupId: number, title: string) {
      const { coachId } = await own(coach, groupId);
      return addLesson(db, { tenantId: coach.tenantId, coachId, title, at: now(), link: { groupId } });
    },

    async reorder(coach: Actor, groupId: number, lessonIds: number[]) {
      await own(coach, groupId);
      await reorder(db, { groupId }, lessonIds);
      return page(coach, groupId);
    },
  };
}
