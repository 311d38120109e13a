// The coach reads and saves a lesson's checklist (the lesson editor autosaves the whole list in order).
import { id } from '../../../contracts/rest/client.js';
import { checklist, checklistSave } from '../../../contracts/rest/coach-authoring.js';
import { coachRoute } from './route.js';
import { closed, ok } from '../../../contracts/rest/pieces.js';

const params = closed({ id });
export const lessonChecklist = coachRoute({
  schema: { params, response: ok(checklist) },
  async handle(s, request) {
    return { data: await s.checklistAuthoring.read(request.caller, request.params.id) };
  },
});

export const saveLessonChecklist = coachRoute({
  schema: {
    params,
    body: checklistSave,
    response: ok(checklist),
  },
  async handle(s, request) {
    return {
      data: await s.checklistAuthoring.replace(request.caller, request.params.id, request.body.items),
    };
  },
});
