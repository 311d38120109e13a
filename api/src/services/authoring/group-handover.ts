// A coach hands one of their groups to a colleague (another active coach of the tenant): the group, its
// sessions and recordings, and the lessons only this group holds become the colleague's to edit; the members
// stay. Every active member must be a client of the colleague first, because a coach reaches only their own
// clients (access/scope.ts): a member the colleague does not coach would drop out of everyone's sight. A lesson
// the coach also uses elsewhere (another group, the academy) stays theirs, and the group keeps it as it is.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { FieldError } from '../../errors.js';
import { visible } from '../access/scope.js';
import type { Actor } from '../access/scope.js';

/** The tenant's other active coaches, by name: whom a group may be handed to. */
export const colleaguesOf = (db: Kysely<Database>, coach: Actor, coachId: number) =>
  db
    .selectFrom('coaches as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(['c.id', 'c.user_id', 'u.first_name', 'u.last_name'])
    .where('c.tenant_id', '=', coach.tenantId)
    .where('u.tenant_id', '=', coach.tenantId)
    .where('c.id', '!=', coachId)
    .where('u.deactivated_at', 'is', null)
    .orderBy('u.last_name')
    .orderBy('u.first_name')
    .orderBy('c.id')
    .execute();

export async function handOver(
  db: Kysely<Database>,
  coach: Actor,
  from: number,
  groupId: number,
  to: number,
  at: Date,
) {
  const colleague = (await colleaguesOf(db, coach, from)).find((c) => c.id === to);
  if (!colleague) throw new FieldError({ coach_id: ['Choose another coach of your business.'] });
  // The colleague as the scope sees them: the members they would reach are those their clients are.
  const successor: Actor = { tenantId: coach.tenantId, userId: colleague.user_id, role: 'coach' };
  await db.transaction().execute(async (trx) => {
    const strangers = await trx
      .selectFrom('user_groups as ug')
      .where(visible(coach, 'user_groups as ug'))
      .innerJoin('users as u', 'u.id', 'ug.user_id')
      .select(['u.first_name', 'u.last_name'])
      .where('ug.group_id', '=', groupId)
      .where('ug.status', '!=', 'cancelled')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('user_groups as theirs')
              .where(visible(successor, 'user_groups as theirs'))
              .whereRef('theirs.id', '=', 'ug.id')
              .select('theirs.id'),
          ),
        ),
      )
      .orderBy('u.last_name')
      .orderBy('u.first_name')
      .execute();
    if (strangers.length > 0) {
      const names = strangers.map((s) => `${s.first_name} ${s.last_name}`).join(', ');
      const them = strangers.length === 1 ? 'them' : 'each of them';
      throw new FieldError({
        coach_id: [
          `${colleague.first_name} ${colleague.last_name} does not coach ${names}: ask your admin to assign ${them} first, or remove ${them} from the group.`,
        ],
      });
    }
    await trx
      .updateTable('groups')
      .set({ coach_id: to, updated_at: at })
      .where('tenant_id', '=', coach.tenantId)
      .where('id', '=', groupId)
      .where('coach_id', '=', from)
      .execute();
    // The lessons this group alone holds go with it; one also placed elsewhere stays with its author.
    await trx
      .updateTable('lessons as l')
      .set({ coach_id: to, updated_at: at })
      .where('l.tenant_id', '=', coach.tenantId)
      .where('l.coach_id', '=', from)
      .where('l.id', 'in', (eb) =>
        eb.selectFrom('member_group_lessons').select('lesson_id').where('group_id', '=', groupId),
      )
      .where(
        sql<boolean>`not exists (select 1 from member_group_lessons o
        where o.lesson_id = l.id and o.group_id <> ${groupId})`,
      )
      .where(sql<boolean>`not exists (select 1 from academy_lessons a where a.lesson_id = l.id)`)
      .execute();
  });
  return { id: colleague.id, first_name: colleague.first_name, last_name: colleague.last_name };
}
