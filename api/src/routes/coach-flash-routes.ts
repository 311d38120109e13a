// The flash lessons a coach opens to one of their clients. Only the coach's own clients: anything else is a
// 404.
import { id } from '../../../contracts/rest/client.js';
import { flashLessons } from '../../../contracts/rest/coach-inputs.js';
import { coachRoute } from './route.js';
import { boolean, closed, ok } from '../../../contracts/rest/pieces.js';

export const clientFlashLessons = coachRoute({
  schema: { params: closed({ id }), response: ok(flashLessons) },
  async handle(s, request) {
    return { data: await s.coachFlash.lessons(request.caller, request.params.id) };
  },
});

export const setFlashAccess = coachRoute({
  schema: {
    params: closed({ id }),
    body: closed({ assessment_id: id, lesson_id: id, open: boolean }),
    response: ok(flashLessons),
  },
  limited: true,
  async handle(s, request) {
    return { data: await s.coachFlash.setAccess(request.caller, request.params.id, request.body) };
  },
});
