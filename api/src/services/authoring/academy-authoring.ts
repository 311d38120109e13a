// The coach authors their academy modules: create, rename, delete, their order, and each module's lessons
// (new ones are drafts, put in order like a group's). A coach reaches only modules whose coach_id is theirs.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { FieldError } from '../../errors.js';
import type { Actor } from '../access/scope.js';
import { found } from '../client-work/owner.js';
import { coachIdOf } from './coach-of.js';
import { addLesson, reorder } from './lesson-links.js';

export function createAcademyAuthoring(db: Kysely<Database>, now: () => Date) {
  const ownModules = (coach: Actor, coachId: number) =>
    db
      .selectFrom('academy_modules as am')
      .where('am.tenant_id', '=', coach.tenantId)
      .where('am.coach_id', '=', coachId);

  async function own(coach: Actor, moduleId: number) {
    const coachId = await coachIdOf(db, coach);
    const row = await ownModules(coach, coachId)
      .select('am.id')
      .where('am.id', '=', moduleId)
      .executeTakeFirst();
    return { coachId, module: found(row, 'Module') };
  }

  async function modules(coach: Actor) {
    const coachId = await coachIdOf(db, coach);
    const rows = await ownModules(coach, coachId)
      .select(['am.id', 'am.title', 'am.description', 'am.module_order'])
      .orderBy('am.module_order')
      .orderBy('am.id')
      .execute();
    const lessons = rows.length
      ? await db
          .selectFrom('academy_lessons as a')
          .innerJoin('lessons as l', 'l.id', 'a.lesson_id')
          .select([
            'a.module_id',
            'l.id',
            'l.title',
            'l.published',
            'l.free_lesson',
            'a.lesson_order as order',
            'a.lesson_length as length',
          ])
          .where(
            'a.module_id',
            'in',
            rows.map((r) => r.id),
          )
          .orderBy('a.lesson_order')
          .orderBy('l.id')
          .execute()
      : [];
    return rows.map(({ module_order: _order, ...row }) => ({
      ...row,
      lessons: lessons.filter((l) => l.module_id === row.id).map(({ module_id: _m, ...l }) => l),
    }));
  }

  return {
    modules,

    async addModule(coach: Actor, fields: { title: string; description?: string }) {
      const coachId = await coachIdOf(db, coach);
      const last = await db
        .selectFrom('academy_modules')
        .select(sql<number>`coalesce(max(module_order), 0)::int`.as('n'))
        .where('tenant_id', '=', coach.tenantId)
        .executeTakeFirstOrThrow();
      await db
        .insertInto('academy_modules')
        .values({ tenant_id: coach.tenantId, coach_id: coachId, module_order: last.n + 1, ...fields })
        .execute();
      return modules(coach);
    },

    async changeModule(coach: Actor, moduleId: number, fields: { title?: string; description?: string }) {
      await own(coach, moduleId);
      await db.updateTable('academy_modules').set(fields).where('id', '=', moduleId).execute();
      return modules(coach);
    },

    /** A module goes with its place for each lesson; the lessons stay the coach's, to reuse or delete. */
    async removeModule(coach: Actor, moduleId: number) {
      await own(coach, moduleId);
      await db.deleteFrom('academy_modules').where('id', '=', moduleId).execute();
      return modules(coach);
    },

    async reorderModules(coach: Actor, moduleIds: number[]) {
      const coachId = await coachIdOf(db, coach);
      const rows = await ownModules(coach, coachId).select('am.id').execute();
      const current = new Set(rows.map((r) => r.id));
      if (
        current.size !== moduleIds.length ||
        moduleIds.some((id) => !current.has(id)) ||
        new Set(moduleIds).size !== moduleIds.length
      )
        throw new FieldError({ module_ids: ['The order must name each of your modules once.'] });
      await db.transaction().execute(async (trx) => {
        for (const [index, id] of moduleIds.entries())
          await trx
            .updateTable('academy_modules')
            .set({ module_order: index + 1 })
            .where('id', '=', id)
            .execute();
      });
      return modules(coach);
    },

    async addLesson(coach: Actor, moduleId: number, title: string) {
      const { coachId } = await own(coach, moduleId);
      return addLesson(db, { tenantId: coach.tenantId, coachId, title, at: now(), link: { moduleId } });
    },

    async reorderLessons(coach: Actor, moduleId: number, lessonIds: number[]) {
      await own(coach, moduleId);
      await reorder(db, { moduleId }, lessonIds);
      return modules(coach);
    },
  };
}
