// Where a lesson sits: in a group (member_group_lessons) or an academy module (academy_lessons), each list in
// the coach's order. A new lesson goes last, as a draft its members cannot see until the coach publishes it.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { FieldError } from '../../errors.js';
import { slugOf } from './coach-of.js';

type LessonPlace = { groupId: number } | { moduleId: number };

const table = (place: LessonPlace) => ('groupId' in place ? 'member_group_lessons' : 'academy_lessons');
const column = (place: LessonPlace) => ('groupId' in place ? 'group_id' : 'module_id');
const placeId = (place: LessonPlace) => ('groupId' in place ? place.groupId : place.moduleId);

export async function addLesson(
  db: Kysely<Database>,
  lesson: { tenantId: number; coachId: number; title: string; at: Date; link: LessonPlace },
) {
  const { tenantId, coachId, title, at, link } = lesson;
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('lessons')
      .values({
        tenant_id: tenantId,
        coach_id: coachId,
        title,
        slug: slugOf(title),
        published: false,
        created_at: at,
        updated_at: at,
      })
      .returning(['id', 'title', 'published'])
      .executeTakeFirstOrThrow();
    const last = await trx
      .selectFrom(table(link))
      .select(sql<number>`coalesce(max(lesson_order), 0)::int`.as('n'))
      .where(column(link), '=', placeId(link))
      .executeTakeFirstOrThrow();
    await trx
      .insertInto(table(link))
      .values({
        tenant_id: tenantId,
        [column(link)]: placeId(link),
        lesson_id: row.id,
        lesson_order: last.n + 1,
      } as never)
      .execute();
    return row;
  });
}

/** Puts the place's lessons in the given order, which must name each of them once. */
export async function reorder(db: Kysely<Database>, place: LessonPlace, lessonIds: number[]) {
  await db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom(table(place))
      .select('lesson_id')
      .where(column(place), '=', placeId(place))
      .execute();
    const current = new Set(rows.map((r) => r.lesson_id));
    if (
      current.size !== lessonIds.length ||
      new Set(lessonIds).size !== lessonIds.length ||
      lessonIds.some((id) => !current.has(id))
    )
      throw new FieldError({ lesson_ids: ['The order must name each of the lessons once.'] });
    for (const [index, lessonId] of lessonIds.entries())
      await trx
        .updateTable(table(place))
        .set({ lesson_order: index + 1 })
        .where(column(place), '=', placeId(place))
        .where('lesson_id', '=', lessonId)
        .execute();
  });
}
