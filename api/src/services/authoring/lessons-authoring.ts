// The coach edits their lessons (of a group or of the academy): words, the rich-text body (cut to the
// rich-text rule before it is stored), video, links, free preview, draft or published, and, where it sits, its
// length and whether members may open it. A coach reaches only lessons whose coach_id is theirs; any other id
// is the same 404. A change is what every client read answers at once: nothing is cached.
import type { Kysely } from 'kysely';
import { uploadsOf } from '../lesson-files/lesson-files-repository.js';
import type { Database } from '../../db/database.js';
import { FieldError } from '../../errors.js';
import type { Actor } from '../access/scope.js';
import { found } from '../client-work/owner.js';
import { listResources } from '../groups/lesson-repository.js';
import { sanitizeRichText } from '../groups/rich-text.js';
import { coachIdOf } from './coach-of.js';
import { recordEvent } from '../events/record-event.js';
import { isAllowedLink } from '../../../../contracts/rich-text.js';

interface LessonFields {
  title?: string;
  short_desc?: string;
  full_desc?: string;
  lesson_video?: string | null;
  published?: boolean;
  free_lesson?: boolean;
  /** Minutes, wherever the lesson sits. */
  length?: number;
  /** In a group: 1 opens it to members, 0 lists it locked. */
  lesson_access?: 0 | 1;
}

/** The type every link the coach adds to a lesson has (SPEC §3's resource type), made once per tenant. */
const LINK_TYPE = { name: 'Link', owner: 'coach' };

export function createLessonsAuthoring(db: Kysely<Database>, now: () => Date) {
  async function own(coach: Actor, lessonId: number) {
    const coachId = await coachIdOf(db, coach);
    const row = await db
      .selectFrom('lessons')
      .selectAll()
      .where('tenant_id', '=', coach.tenantId)
      .where('coach_id', '=', coachId)
      .where('id', '=', lessonId)
      .executeTakeFirst();
    return found(row, 'Lesson');
  }

  async function place(lessonId: number) {
    const group = await db
      .selectFrom('member_group_lessons as m')
      .innerJoin('groups as g', 'g.id', 'm.group_id')
      .select(['g.id', 'g.title', 'm.lesson_length as length', 'm.lesson_access'])
      .where('m.lesson_id', '=', lessonId)
      .orderBy('g.id')
      .executeTakeFirst();
    if (group)
      return {
        kind: 'group' as const,
        id: group.id,
        title: group.title,
        length: group.length,
        lesson_access: group.lesson_access,
      };
    const module = await db
      .selectFrom('academy_lessons as a')
      .innerJoin('academy_modules as am', 'am.id', 'a.module_id')
      .select(['am.id', 'am.title', 'a.lesson_length as length'])
      .where('a.lesson_id', '=', lessonId)
      .orderBy('am.id')
      .executeTakeFirst();
    return module ? { kind: 'academy' as const, ...module, lesson_access: null } : null;
  }

  /** Records a lesson's publication once for each group it sits in (an academy lesson has no group). */
  async function published(trx: Kysely<Database>, coach: Actor, lessonId: number) {
    const groups = await trx
      .selectFrom('member_group_lessons')
      .select('group_id')
      .distinct()
      .where('tenant_id', '=', coach.tenantId)
      .where('lesson_id', '=', lessonId)
      .execute();
    const at = now().toISOString();
    for (const { group_id } of groups)
      await recordEvent(trx, coach.tenantId, 'lesson.published', {
        lesson_id: lessonId,
        group_id,
        coach_id: coach.userId,
        published_at: at,
      });
  }

  async function page(coach: Actor, lessonId: number) {
    const lesson = await own(coach, lessonId);
    const where = await place(lessonId);
    const resources = await listResources(db, coach.tenantId, lessonId);
    return {
      id: lesson.id,
      title: lesson.title,
      short_desc: lesson.short_desc,
      full_desc: sanitizeRichText(lesson.full_desc),
      lesson_video: lesson.lesson_video,
      published: lesson.published,
      free_lesson: lesson.free_lesson,
      length: where?.length ?? 0,
      lesson_access: where?.lesson_access ?? null,
      place: where ? { kind: where.kind, id: where.id, title: where.title } : null,
      resources: resources.map((r) => ({ id: r.id, title: r.title, url: r.url })),
      ...(await uploadsOf(db, coach.tenantId, lessonId)),
      updated_at: lesson.updated_at.toISOString(),
    };
  }

  return {
    page,

    async change(coach: Actor, lessonId: number, fields: LessonFields) {
      const before = await own(coach, lessonId);
      const { length, lesson_access, full_desc, lesson_video, ...columns } = fields;
      if (lesson_video && !isAllowedLink(lesson_video))
        throw new FieldError({
          lesson_video: ['Enter a video address that starts with https:// or http://.'],
        });
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('lessons')
          .set({
            ...columns,
            ...(full_desc === undefined ? {} : { full_desc: sanitizeRichText(full_desc) }),
            ...(lesson_video === undefined ? {} : { lesson_video: lesson_video || null }),
            updated_at: now(),
          })
          .where('tenant_id', '=', coach.tenantId)
          .where('id', '=', lessonId)
          .execute();
        const link = {
          ...(length === undefined ? {} : { lesson_length: length }),
          ...(lesson_access === undefined ? {} : { lesson_access }),
        };
        if (Object.keys(link).length > 0)
          await trx
            .updateTable('member_group_lessons')
            .set(link)
            .where('tenant_id', '=', coach.tenantId)
            .where('lesson_id', '=', lessonId)
            .execute();
        if (length !== undefined)
          await trx
            .updateTable('academy_lessons')
            .set({ lesson_length: length })
            .where('tenant_id', '=', coach.tenantId)
            .where('lesson_id', '=', lessonId)
            .execute();
        // A draft made public is news to each group it sits in (its members' bells hear it).
        if (fields.published === true && !before.published) await published(trx, coach, lessonId);
      });
      return page(coach, lessonId);
    },

    async remove(coach: Actor, lessonId: number) {
      await own(coach, lessonId);
      // Its places, resources and members' progress go with it (foreign keys on delete cascade).
      await db
        .deleteFrom('lessons')
        .where('tenant_id', '=', coach.tenantId)
        .where('id', '=', lessonId)
        .execute();
    },

    async addResource(coach: Actor, lessonId: number, resource: { title: string; url: string }) {
      await own(coach, lessonId);
      if (!isAllowedLink(resource.url) || resource.url.startsWith('mailto:'))
        throw new FieldError({ url: ['Enter an address that starts with https:// or http://.'] });
      await db.transaction().execute(async (trx) => {
        const type =
          (await trx
            .selectFrom('lesson_resource_types')
            .select('id')
            .where('tenant_id', '=', coach.tenantId)
            .where('name', '=', LINK_TYPE.name)
            .executeTakeFirst()) ??
          (await trx
            .insertInto('lesson_resource_types')
            .values({ tenant_id: coach.tenantId, ...LINK_TYPE })
            .returning('id')
            .executeTakeFirstOrThrow());
        const count = await listResources(trx, coach.tenantId, lessonId);
        await trx
          .insertInto('lesson_resources')
          .values({
            tenant_id: coach.tenantId,
            lesson_id: lessonId,
            type_id: type.id,
            title: resource.title,
            url: resource.url,
            sort_order: count.length + 1,
          })
          .execute();
      });
      return page(coach, lessonId);
    },

    async removeResource(coach: Actor, lessonId: number, resourceId: number) {
      await own(coach, lessonId);
      const gone = await db
        .deleteFrom('lesson_resources')
        .where('tenant_id', '=', coach.tenantId)
        .where('lesson_id', '=', lessonId)
        .where('id', '=', resourceId)
        .executeTakeFirst();
      if (Number(gone.numDeletedRows) === 0) found(undefined, 'Resource');
      return page(coach, lessonId);
    },
  };
}
