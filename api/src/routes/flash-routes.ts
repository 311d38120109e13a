// Flash-coaching lessons and their analytics (SPEC §7 POST /api/v1/flashcoaching; the two reads are not in
// SPEC §7: the list and the lesson behind /lessons and /lessons/{assessmentid}/{lessonid}).
import { call, id, list } from '../../../contracts/rest/client.js';
import {
  flashAnalytics,
  flashBatch,
  flashLessonItem,
  lessonSummary,
} from '../../../contracts/rest/lessons.js';
import { clientRoute } from './route.js';
import { boolean, closed, integer, nullableString, ok, string } from '../../../contracts/rest/pieces.js';

export const lessons = clientRoute({
  schema: {
    response: ok(list(flashLessonItem)),
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
        assessment_id: integer,
        assessment_title: string,
        lesson: closed({
          ...lessonSummary,
          free_lesson: boolean,
          full_desc: string,
          lesson_video: nullableString,
          quiz_url: nullableString,
          published: boolean,
          price: integer,
          created_at: { type: 'string', format: 'date-time' },
          updated_at: { type: 'string', format: 'date-time' },
          resources: list(
            closed({
              id: integer,
              title: string,
              url: string,
              order: integer,
              type: closed({ id: integer, name: string, owner: string }),
            }),
          ),
        }),
        analytics: flashAnalytics,
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
  schema: call(flashBatch, list(flashAnalytics)),
  async handle(s, request) {
    const owner = request.caller;
    return { data: await s.flashCoaching.record(owner, request.body.user_id, request.body.data) };
  },
});
