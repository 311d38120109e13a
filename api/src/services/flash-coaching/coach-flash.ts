// The coach's side of flash coaching (SPEC §6): for an assessment of a client assigned to them, the coach opens
// one of the tenant's published lessons to the client (the progress record naming its slug, with access 1) and
// closes it again (access 0, so the client's list shows it locked and its page refuses it). The assessment is
// found through the coach's scope and the client's id, so another coach's client or assessment is a 404.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { HttpError } from '../../errors.js';
import { assignedClient } from '../access/assigned-client.js';
import { owned } from '../access/scope.js';
import type { Actor } from '../access/scope.js';

const clientAssessments = (db: Kysely<Database>, coach: Actor, clientId: number) =>
  db
    .selectFrom('assessments as a')
    .where(owned(coach, 'assessments as a'))
    .select(['a.id', 'a.title'])
    .where('a.client_id', '=', clientId)
    .orderBy('a.assessed_on', 'desc')
    .orderBy('a.id', 'desc')
    .execute();

const publishedLessons = (db: Kysely<Database>, tenantId: number) =>
  db
    .selectFrom('lessons')
    .select(['id', 'title', 'slug'])
    .where('tenant_id', '=', tenantId)
    .where('published', '=', true)
    .orderBy('title')
    .orderBy('id')
    .execute();

const progressRows = (db: Kysely<Database>, tenantId: number, assessmentIds: number[]) =>
  assessmentIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('assessment_progress')
        .select(['assessment_id', 'path', 'access'])
        .where('tenant_id', '=', tenantId)
        .where('assessment_id', 'in', assessmentIds)
        .execute();

export function createCoachFlashService(db: Kysely<Database>, now: () => Date) {
  async function lessonsOf(coach: Actor, clientId: number) {
    const client = await assignedClient(db, coach, clientId);
    const [assessments, lessons] = await Promise.all([
      clientAssessments(db, coach, client.userId),
      publishedLessons(db, coach.tenantId),
    ]);
    const progress = await progressRows(
      db,
      coach.tenantId,
      assessments.map((a) => a.id),
    );
    const open = new Set(progress.filter((p) => p.access === 1).map((p) => `${p.assessment_id}:${p.path}`));
    return {
      assessments: assessments.map((a) => ({
        id: a.id,
        title: a.title,
        lessons: lessons.map((l) => ({ id: l.id, title: l.title, open: open.has(`${a.id}:${l.slug}`) })),
      })),
    };
  }

  return {
    lessons: lessonsOf,

    /** Opens (true) or closes (false) a lesson of one of the client's assessments; answers the new state. */
    async setAccess(
      coach: Actor,
      clientId: number,
      input: { assessment_id: number; lesson_id: number; open: boolean },
    ) {
      const client = await assignedClient(db, coach, clientId);
      const assessment = (await clientAssessments(db, coach, client.userId)).find(
        (a) => a.id === input.assessment_id,
      );
      if (!assessment) throw new HttpError(404, 'Assessment not found.');
      const lesson = (await publishedLessons(db, coach.tenantId)).find((l) => l.id === input.lesson_id);
      if (!lesson) throw new HttpError(404, 'Lesson not found.');
      const at = now();
      // Opening makes (or reopens) the progress record, one per assessment and lesson (its unique key); closing
      // keeps it, locked, so the client's list still shows the lesson as one to come.
      if (input.open)
        await db
          .insertInto('assessment_progress')
          .values({
            tenant_id: coach.tenantId,
            assessment_id: assessment.id,
            path: lesson.slug,
            access: 1,
            position: sql<number>`(select coalesce(max(position), 0) + 1 from assessment_progress where assessment_id = ${assessment.id})`,
            created_at: at,
            updated_at: at,
          })
          .onConflict((oc) =>
            oc.constraint('assessment_progress_path').doUpdateSet({ access: 1, updated_at: at }),
          )
          .execute();
      else
        await db
          .updateTable('assessment_progress')
          .set({ access: 0, updated_at: at })
          .where('tenant_id', '=', coach.tenantId)
          .where('assessment_id', '=', assessment.id)
          .where('path', '=', lesson.slug)
          .execute();
      return lessonsOf(coach, clientId);
    },
  };
}
