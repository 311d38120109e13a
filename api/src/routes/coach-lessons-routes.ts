// The coach edits one of their lessons (of a group or of the academy): the editor's page, its fields (saved as
// the coach types), its links, and deleting it.
import { id, text } from '../../../contracts/rest/client.js';
import { lessonChange, lessonPage } from '../../../contracts/rest/coach-authoring.js';
import { coachRoute } from './route.js';
import { boolean, closed, line, ok } from '../../../contracts/rest/pieces.js';

const params = closed({ id });

export const coachLesson = coachRoute({
  schema: { params, response: ok(lessonPage) },
  async handle(s, request) {
    return { data: await s.lessonsAuthoring.page(request.caller, request.params.id) };
  },
});

export const changeLesson = coachRoute({
  schema: {
    params,
    body: { ...lessonChange, minProperties: 1 },
    response: ok(lessonPage),
  },
  async handle(s, request) {
    return { data: await s.lessonsAuthoring.change(request.caller, request.params.id, request.body) };
  },
});

export const deleteLesson = coachRoute({
  schema: { params, response: ok(closed({ deleted: boolean })) },
  async handle(s, request) {
    const { caller, params } = request;
    // Its uploads' rows go with the lesson; their stored files go once it is gone.
    await s.lessonFiles.removingLesson(caller, params.id, () => s.lessonsAuthoring.remove(caller, params.id));
    return { data: { deleted: true } };
  },
});

export const addLessonResource = coachRoute({
  schema: {
    params,
    body: closed({ title: text(200), url: line(2000, { minLength: 1 }) }),
    response: ok(lessonPage),
  },
  limited: true,
  async handle(s, request) {
    return { data: await s.lessonsAuthoring.addResource(request.caller, request.params.id, request.body) };
  },
});

export const removeLessonResource = coachRoute({
  schema: { params: closed({ id, resourceId: id }), response: ok(lessonPage) },
  async handle(s, request) {
    const { id: lessonId, resourceId } = request.params;
    return { data: await s.lessonsAuthoring.removeResource(request.caller, lessonId, resourceId) };
  },
});
