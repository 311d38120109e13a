// Group coaching (SPEC §2 /groups): the caller's groups, a group's lessons in order with the member's
// progress, its recordings, and one lesson when it is open to the member. Every call needs the group_coaching
// flag (403) and answers only through the caller's own memberships (another member's or tenant's ids: 404).
import type { Kysely } from 'kysely';
import { uploadsOf } from '../lesson-files/lesson-files-repository.js';
import type { Database } from '../../db/database.js';
import { HttpError } from '../../errors.js';
import { found } from '../client-work/owner.js';
import type { Actor } from '../access/scope.js';
import { findMemberLesson, listGroupLessons, listMemberships, listRecordings } from './groups-repository.js';
import type { MembershipFilter, MembershipRow } from './groups-repository.js';
import { listResources, stepsDone } from './lesson-repository.js';
import { checklistsDone, memberChecklist } from '../checklist/checklist-repository.js';
import { LESSON_STEPS, lessonPayload, lessonSummary } from './lesson-payload.js';
import { lockReason } from './lesson-lock.js';
import { requireTraining } from './trainings.js';
import { listLessonMeetings } from '../schedule/schedule-repository.js';
import { lessonMeetingPayloads } from '../schedule/schedule-service.js';

/** A lesson is completed with its five steps and every item of its checklist ticked. */
function progress(total: number, steps: Map<number, number>, checklists: Set<number>, lessonIds: number[]) {
  const done = lessonIds.map((id) => steps.get(id) ?? 0);
  return {
    total_lessons: total,
    completed_lessons: lessonIds.filter((id, i) => done[i] === LESSON_STEPS && checklists.has(id)).length,
    steps_done: done.reduce((a, b) => a + b, 0),
    total_steps: total * LESSON_STEPS,
  };
}

const groupPayload = (row: MembershipRow) => ({
  id: row.id,
  user_group_id: row.user_group_id,
  title: row.title,
  name: row.name,
  slug: row.slug,
  description: row.description,
  group_img: row.group_img,
  intro_video: row.intro_video,
  price: row.price,
  currency: row.currency,
  active: row.active,
  template: row.template,
  total_lessons: row.total_lessons ?? 0,
  payment_frequency: row.payment_frequency,
  meets_on: row.meets_on,
  schedule: row.schedule,
  group_start_end_date: row.start_date && row.end_date ? `${row.start_date}/${row.end_date}` : null,
  group_start_date: row.start_date,
  group_end_date: row.end_date,
  group_final_date: row.final_date,
  status: row.status,
  group_type: row.group_type,
  coach_id: row.coach_id,
  coach_email: row.coach_email,
  coach_name: row.coach_first_name ? `${row.coach_first_name} ${row.coach_last_name ?? ''}`.trim() : null,
  stripe_id: row.stripe_id,
  membership_status: row.membership_status,
  paid: row.paid,
});

export function createGroupsService(db: Kysely<Database>) {
  async function membership(owner: Actor, userGroupId: number): Promise<MembershipRow> {
    await requireTraining(db, owner, 'group_coaching');
    const [row] = await listMemberships(db, owner, { userGroupId });
    return found(row, 'Group');
  }

  /** The group's id when the member may see its meetings and recordings (active, and paid if it is paid). */
  async function openGroupId(owner: Actor, userGroupId: number): Promise<number | null> {
    const row = await membership(owner, userGroupId);
    return row.membership_status === 'active' && (row.group_type !== 'paid' || row.paid) ? row.id : null;
  }

  /** The group with the member's progress, and its lessons and steps for the page. */
  async function withProgress(owner: Actor, row: MembershipRow) {
    const lessons = await listGroupLessons(db, owner.tenantId, row.id);
    const steps = await stepsDone(db, owner, row.user_group_id);
    const checklists = await checklistsDone(db, owner, row.user_group_id);
    const ids = lessons.map((l) => l.id);
    return {
      group: { ...groupPayload(row), progress: progress(lessons.length, steps, checklists, ids) },
      lessons,
      steps,
    };
  }

  /** One lesson of the group, when open to the member: 404 if not in the group, 403 with why if locked. */
  async function openLesson(owner: Actor, userGroupId: number, lessonId: number) {
    const row = await membership(owner, userGroupId);
    const lessons = await listGroupLessons(db, owner.tenantId, row.id);
    const index = lessons.findIndex((l) => l.id === lessonId);
    const lesson = found(lessons[index], 'Lesson');
    const locked = lockReason(row, lesson);
    if (locked) throw new HttpError(403, locked);
    return { row, lessons, index, lesson };
  }

  return {
    /** The caller's groups (SPEC's group by id / user_id / user_group_id), each with the member's progress. */
    async groups(owner: Actor, filter: MembershipFilter) {
      await requireTraining(db, owner, 'group_coaching');
      const rows = await listMemberships(db, owner, filter);
      return Promise.all(rows.map(async (row) => (await withProgress(owner, row)).group));
    },

    /** usergroup: the group page, its lessons in order, each with lock state and the member's steps. */
    async groupPage(owner: Actor, userGroupId: number) {
      const row = await membership(owner, userGroupId);
      const { group, lessons, steps } = await withProgress(owner, row);
      return {
        group,
        lessons: lessons.map((lesson) => {
          const locked = lockReason(row, lesson);
          return {
            lesson_order: lesson.lesson_order,
            lesson_length: lesson.lesson_length,
            lesson_access: lesson.lesson_access,
            locked: locked !== null,
            locked_reason: locked,
            steps_done: steps.get(lesson.id) ?? 0,
            lesson: lessonSummary(lesson),
          };
        }),
      };
    },

    async recordings(owner: Actor, userGroupId: number) {
      const groupId = await openGroupId(owner, userGroupId);
      if (groupId === null) return [];
      const rows = await listRecordings(db, owner.tenantId, groupId);
      return rows.map((r) => ({ ...r, recorded_at: r.recorded_at.toISOString() }));
    },

    /** lessonMeetingSearch with a user_group_id: that group's lesson meetings only, never another group's. */
    async lessonMeetings(owner: Actor, userGroupId: number) {
      const groupId = await openGroupId(owner, userGroupId);
      if (groupId === null) return [];
      return lessonMeetingPayloads(await listLessonMeetings(db, owner, groupId));
    },

    /** Throws as lesson() does, reading only what the rule needs (the check before analytics are written). */
    async assertLessonOpen(owner: Actor, userGroupId: number, lessonId: number) {
      await requireTraining(db, owner, 'group_coaching');
      const row = found(await findMemberLesson(db, owner, userGroupId, lessonId), 'Group');
      const lesson = found(
        row.lesson_id === null
          ? undefined
          : { lesson_access: row.lesson_access, free_lesson: row.free_lesson },
        'Lesson',
      );
      const locked = lockReason(row, lesson);
      if (locked) throw new HttpError(403, locked);
    },

    async lesson(owner: Actor, userGroupId: number, lessonId: number) {
      const { row, lessons, index, lesson } = await openLesson(owner, userGroupId, lessonId);
      const open = (i: number) => {
        const other = lessons[i];
        return other && !lockReason(row, other) ? { id: other.id, title: other.title } : null;
      };
      return {
        ...lessonPayload(lesson, await listResources(db, owner.tenantId, lesson.id)),
        ...(await uploadsOf(db, owner.tenantId, lesson.id)),
        lesson_order: lesson.lesson_order,
        lesson_length: lesson.lesson_length,
        lesson_access: lesson.lesson_access,
        context_title: row.title,
        previous_lesson: open(index - 1),
        next_lesson: open(index + 1),
        checklist: await memberChecklist(db, owner, lesson.id, userGroupId),
      };
    },
  };
}

export type GroupsService = ReturnType<typeof createGroupsService>;
