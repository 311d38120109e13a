// A lesson as the API answers it (SPEC §3 Lesson): the description sanitised on the way out by the rich-text
// rule (the app applies the same rule again), resources with their type and order.
import type { Selectable } from 'kysely';
import type { Database } from '../../db/database.js';
import { sanitizeRichText } from './rich-text.js';
import type { listResources } from './lesson-repository.js';

type LessonRow = Selectable<Database['lessons']>;
type ResourceRow = Awaited<ReturnType<typeof listResources>>[number];

/** The five steps a member ticks per lesson; a lesson with all five is complete. */
export const LESSON_STEPS = 5;

export const lessonSummary = (row: LessonRow) => ({
  id: row.id,
  title: row.title,
  slug: row.slug,
  short_desc: row.short_desc,
  lesson_img: row.lesson_img,
  free_lesson: row.free_lesson,
});

export const lessonPayload = (row: LessonRow, resources: ResourceRow[]) => ({
  ...lessonSummary(row),
  full_desc: sanitizeRichText(row.full_desc),
  lesson_video: row.lesson_video,
  quiz_url: row.quiz_url,
  published: row.published,
  price: row.price,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
  resources: resources.map((r) => ({
    id: r.id,
    title: r.title,
    url: r.url,
    order: r.sort_order,
    type: { id: r.type_id, name: r.type_name, owner: r.type_owner },
  })),
});
