// Flash-coaching lessons and their analytics (SPEC §7 POST /api/v1/flashcoaching; the two reads are not in
// SPEC §7: the list and the lesson behind /lessons and /lessons/{assessmentid}/{lessonid}).
import { FLASH_FIELDS, MAX_FLASH_CHANGES } from '../services/flash-coaching/flash-service.js';
import { call, id, list } from '../../../contracts/rest/client.js';
import { clientRoute } from './route.js';
import { closed, multiLine, nullableString, ok, singleLine, userId } from '../../../contracts/rest/pieces.js';

const analytics = closed({
  assessment_id: { type: 'integer' },
  lesson_id: { type: 'integer' },
  taken_quiz: { type: 'boolean' },
  profit_impact: { type: 'string' },
  notes: { type: 'string' },
  updated_at: { type: ['string', 'null'], format: 'date-time' },
});

const lessonSummary = {
  id: { type: 'integer' },
  title: { type: 'string' },
  slug: { type: 'string' },
  short_desc: { type: 'string' },
  lesson_img: nullableString,
} as const;

export const lessons = clientRoute({
  schema: {
    response: ok(
      list(
        closed({
          assessment_id: { type: 'integer' },
          assessment_title: { type: 'string' },
          access: { type: 'integer', enum: [0, 1] },
          lesson: closed(lessonSummary),
        }),
      ),
    ),
  },
  async handle(s, request) {
    return {
      data: await s.flashCoaching.list(request.caller),
    };
  },
});

export const lesson = clientRoute({
  schema: {
    params: closed({ assessmentId: id, lessonId: id }),
    response: ok(
      closed({
        assessment_id: { type: 'integer' },
        assessment_title: { type: 'string' },
        lesson: closed({
          ...lessonSummary,
          free_lesson: { type: 'boolean' },
          full_desc: { type: 'string' },
          lesson_video: nullableString,
          quiz_url: nullableString,
          published: { type: 'boolean' },
          price: { type: 'integer' },
          created_at: { type: 'string', format: 'date-time' },
          updated_at: { type: 'string', format: 'date-time' },
          resources: list(
            closed({
              id: { type: 'integer' },
              title: { type: 'string' },
              url: { type: 'string' },
              order: { type: 'integer' },
              type: closed({ id: { type: 'integer' }, name: { type: 'string' }, owner: { type: 'string' } }),
            }),
          ),
        }),
        analytics,
      }),
    ),
  },
  async handle(s, request) {
    const owner = request.caller;
    const key = { assessmentId: request.params.assessmentId, lessonId: request.params.lessonId };
    return { data: await s.flashCoaching.lesson(owner, key) };
  },
});

export const record = clientRoute({
  schema: call(
    closed({
      data: {
        type: 'array',
        maxItems: MAX_FLASH_CHANGES,
        items: closed({
          assessment_id: id,
          lesson_id: id,
          field: { type: 'string', enum: FLASH_FIELDS, ...singleLine },
          value: { anyOf: [{ type: 'boolean' }, { type: 'string', maxLength: 10_000, ...multiLine }] },
          at: { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
        }),
      },
      user_id: userId,
    }),
    list(analytics),
  ),
  async handle(s, request) {
    const owner = request.caller;
    return { data: await s.flashCoaching.record(owner, request.body.user_id, request.body.data) };
  },
});
