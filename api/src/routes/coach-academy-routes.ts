// The coach authors their academy modules: the list with each module's lessons, new, renamed and deleted
// modules, their order, and each module's lessons and their order.
import { authenticated, id, text } from './client-schemas.js';
import {
  academyModules,
  lessonOrder,
  moduleFields,
  moduleOrder,
  newLesson,
} from './coach-authoring-schemas.js';
import { coaches, route } from './route.js';
import { closed, ok, tenantHeaders } from './schemas.js';

const params = closed({ id });

export const coachAcademy = route({
  roles: coaches,
  schema: { headers: tenantHeaders, response: ok(academyModules) },
  config: authenticated,
  async handle(s, request) {
    return { data: await s.academyAuthoring.modules(request.caller) };
  },
});

export const addModule = route({
  roles: coaches,
  schema: {
    headers: tenantHeaders,
    body: closed(moduleFields, ['title']),
    response: { 201: closed({ data: academyModules }) },
  },
  config: authenticated,
  limited: true,
  async handle(s, request, reply) {
    return reply.code(201).send({ data: await s.academyAuthoring.addModule(request.caller, request.body) });
  },
});

export const changeModule = route({
  roles: coaches,
  schema: {
    headers: tenantHeaders,
    params,
    body: { ...closed(moduleFields, []), minProperties: 1 },
    response: ok(academyModules),
  },
  config: authenticated,
  async handle(s, request) {
    return { data: await s.academyAuthoring.changeModule(request.caller, request.params.id, request.body) };
  },
});

export const deleteModule = route({
  roles: coaches,
  schema: { headers: tenantHeaders, params, response: ok(academyModules) },
  config: authenticated,
  async handle(s, request) {
    return { data: await s.academyAuthoring.removeModule(request.caller, request.params.id) };
  },
});

export const orderModules = route({
  roles: coaches,
  schema: { headers: tenantHeaders, body: moduleOrder, response: ok(academyModules) },
  config: authenticated,
  async handle(s, request) {
    return { data: await s.academyAuthoring.reorderModules(request.caller, request.body.module_ids) };
  },
});

export const addModuleLesson = route({
  roles: coaches,
  schema: {
    headers: tenantHeaders,
    params,
    body: closed({ title: text(200) }),
    response: { 201: closed({ data: newLesson }) },
  },
  config: authenticated,
  limited: true,
  async handle(s, request, reply) {
    const lesson = await s.academyAuthoring.addLesson(request.caller, request.params.id, request.body.title);
    return reply.code(201).send({ data: lesson });
  },
});

export const orderModuleLessons = route({
  roles: coaches,
  schema: { headers: tenantHeaders, params, body: lessonOrder, response: ok(academyModules) },
  config: authenticated,
  async handle(s, request) {
    return {
      data: await s.academyAuthoring.reorderLessons(
        request.caller,
        request.params.id,
        request.body.lesson_ids,
      ),
    };
  },
});
