// The coach edits one of their lessons (of a group or of the academy): the editor's page, its fields (saved as
// the coach types), its links, and deleting it.
import { authenticated, id, text } from './client-schemas.js';
import { lessonFields, lessonPage } from './coach-authoring-schemas.js';
import { coaches, route } from './route.js';
import { closed, line, ok, tenantHeaders } from './schemas.js';

const params = closed({ id });

export const coachLesson = route({
  roles: coaches,
  schema: { headers: tenantHeaders, params, response: ok(lessonPage) },
  config: authenticated,
  async handle(s, request) {
    return { data: await s.lessonsAuthoring.page(request.caller, request.params.id) };
  },
});

export const changeLesson = route({
  roles: coaches,
  schema: {
    headers: tenantHeaders,
    params,
    body: { ...closed(lessonFields, []), minProperties: 1 },
    response: ok(lessonPage),
  },
  config: authenticated,
  async handle(s, request) {
    return { data: await s.lessonsAuthoring.change(request.caller, request.params.id, request.body) };
  },
});

export const deleteLesson = route({
  roles: coaches,
  schema: { headers: tenantHeaders, params, response: ok(closed({ deleted: { type: 'boolean' } })) },
  config: authenticated,
  async handle(s, request) {
    const { caller, params } = request;
    // Its uploads' rows go with the lesson; their stored files go once it is gone.
    await s.lessonFiles.removingLesson(caller, params.id, () => s.lessonsAuthoring.remove(caller, params.id));
    return { data: { deleted: true } };
  },
});

export const addLessonResource = route({
  roles: coaches,
  schema: {
    headers: tenantHeaders,
    params,
    body: closed({ title: text(200), url: line(2000, { minLength: 1 }) }),
    response: ok(lessonPage),
  },
  config: authenticated,
  limited: true,
  async handle(s, request) {
    return { data: await s.lessonsAuthoring.addResource(request.caller, request.params.id, request.body) };
  },
});

export const removeLessonResource = route({
  roles: coaches,
  schema: { headers: tenantHeaders, params: closed({ id, resourceId: id }), response: ok(lessonPage) },
  config: authenticated,
  async handle(s, request) {
    const { id: lessonId, resourceId } = request.params;
    return { data: await s.lessonsAuthoring.removeResource(request.caller, lessonId, resourceId) };
  },
});
