// The business academy (SPEC §2 /business-academy): the tenant's modules in order, each listing its published
// lessons in order with the member's progress, and one academy lesson. Every call needs the business_academy
// flag (403); a lesson that is in no academy module is a 404 here, whatever else it belongs to.
import type { Kysely } from 'kysely';
import { uploadsOf } from '../lesson-files/lesson-files-repository.js';
import type { Database } from '../../db/database.js';
import { found } from '../client-work/owner.js';
import type { Actor } from '../access/scope.js';
import { listResources, stepsDone } from '../groups/lesson-repository.js';
import { lessonPayload, lessonSummary } from '../groups/lesson-payload.js';
import { requireTraining } from '../groups/trainings.js';
import { memberChecklist } from '../checklist/checklist-repository.js';

async function listAcademyLessons(db: Kysely<Database>, tenantId: number) {
  return db
    .selectFrom('academy_lessons as a')
    .innerJoin('academy_modules as m', 'm.id', 'a.module_id')
    .innerJoin('lessons as l', 'l.id', 'a.lesson_id')
    .selectAll('l')
    .select([
      'm.id as module_id',
      'm.title as module_title',
      'm.description as module_description',
      'a.lesson_order',
      'a.lesson_length',
    ])
    .where('a.tenant_id', '=', tenantId)
    .where('l.published', '=', true)
    .orderBy('m.module_order')
    .orderBy('m.id')
    .orderBy('a.lesson_order')
    .orderBy('l.id')
    .execute();
}

export function createAcademyService(db: Kysely<Database>) {
  /** An academy lesson: 403 without the flag, 404 when it is in no module. */
  async function openLesson(owner: Actor, lessonId: number) {
    await requireTraining(db, owner, 'business_academy');
    const rows = await listAcademyLessons(db, owner.tenantId);
    const index = rows.findIndex((r) => r.id === lessonId);
    return { rows, index, lesson: found(rows[index], 'Lesson') };
  }

  return {
    async modules(owner: Actor) {
      await requireTraining(db, owner, 'business_academy');
      const rows = await listAcademyLessons(db, owner.tenantId);
      const steps = await stepsDone(db, owner, null);
      const modules = new Map<
        number,
        { id: number; title: string; description: string; lessons: ReturnType<typeof academyLesson>[] }
      >();
      function academyLesson(row: (typeof rows)[number]) {
        return {
          lesson_order: row.lesson_order,
          lesson_length: row.lesson_length,
          steps_done: steps.get(row.id) ?? 0,
          lesson: lessonSummary(row),
        };
      }
      for (const row of rows) {
        const module = modules.get(row.module_id) ?? {
          id: row.module_id,
          title: row.module_title,
          description: row.module_description,
          lessons: [],
        };
        module.lessons.push(academyLesson(row));
        modules.set(row.module_id, module);
      }
      return [...modules.values()];
    },

    /** Throws as lesson() does, without reading the page (the check before analytics are written). */
    async assertLessonOpen(owner: Actor, lessonId: number) {
      await openLesson(owner, lessonId);
    },

    async lesson(owner: Actor, lessonId: number) {
      const { rows, index, lesson } = await openLesson(owner, lessonId);
      const near = (i: number) => {
        const other = rows[i];
        return other ? { id: other.id, title: other.title } : null;
      };
      return {
        ...lessonPayload(lesson, await listResources(db, owner.tenantId, lesson.id)),
        ...(await uploadsOf(db, owner.tenantId, lesson.id)),
        lesson_order: lesson.lesson_order,
        lesson_length: lesson.lesson_length,
        lesson_access: 1,
        context_title: lesson.module_title,
        previous_lesson: near(index - 1),
        next_lesson: near(index + 1),
        checklist: await memberChecklist(db, owner, lesson.id, null),
      };
    },
  };
}

export type AcademyService = ReturnType<typeof createAcademyService>;
