// The coach reads and saves a lesson's checklist (the lesson editor autosaves the whole list in order).
import { CHECKLIST_LIMITS } from '../services/authoring/lesson-checklist.js';
import { id, list, text } from '../../../contracts/rest/client.js';
import { coachRoute } from './route.js';
import { closed, ok } from '../../../contracts/rest/pieces.js';

const params = closed({ id });
const checklist = closed({
  items: list(closed({ id: { type: 'integer' }, text: { type: 'string' } })),
});

export const lessonChecklist = coachRoute({
  schema: { params, response: ok(checklist) },
  async handle(s, request) {
    return { data: await s.checklistAuthoring.read(request.caller, request.params.id) };
  },
});

export const saveLessonChecklist = coachRoute({
  schema: {
    params,
    body: closed({
      items: {
        type: 'array',
        maxItems: CHECKLIST_LIMITS.items,
        // An item without an id is new; the text is one plain line (the app shows it as text, never as HTML).
        items: closed({ id: { anyOf: [id, { type: 'null' }] }, text: text(CHECKLIST_LIMITS.length) }, [
          'text',
        ]),
      },
    }),
    response: ok(checklist),
  },
  async handle(s, request) {
    return {
      data: await s.checklistAuthoring.replace(request.caller, request.params.id, request.body.items),
    };
  },
});
