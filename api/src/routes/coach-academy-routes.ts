// The coach authors their academy modules: the list with each module's lessons, new, renamed and deleted
// modules, their order, and each module's lessons and their order.
import { id, text } from '../../../contracts/rest/client.js';
import {
  academyModules,
  lessonOrder,
  moduleFields,
  moduleOrder,
  newLesson,
} from '../../../contracts/rest/coach-authoring.js';
import { coachRoute } from './route.js';
import { closed, ok } from '../../../contracts/rest/pieces.js';

const params = closed({ id });

export const coachAcademy = coachRoute({
  schema: { response: ok(academyModules) },
  async handle(s, request) {
    return { data: await s.academyAuthoring.modules(request.caller) };
  },
});

export const addModule = coachRoute({
  schema: {
    body: closed(moduleFields, ['title']),
    response: { 201: closed({ data: academyModules }) },
  },
  limited: true,
  async handle(s, request, reply) {
    return reply.code(201).send({ data: await s.academyAuthoring.addModule(request.caller, request.body) });
  },
});

export const changeModule = coachRoute({
  schema: {
    params,
    body: { ...closed(moduleFields, []), minProperties: 1 },
    response: ok(academyModules),
  },
  async handle(s, request) {
    return { data: await s.academyAuthoring.changeModule(request.caller, request.params.id, request.body) };
  },
});

export const deleteModule = coachRoute({
  schema: { params, response: ok(academyModules) },
  async handle(s, request) {
    return { data: await s.academyAuthoring.removeModule(request.caller, request.params.id) };
  },
});

export const orderModules = coachRoute({
  schema: { body: moduleOrder, response: ok(academyModules) },
  async handle(s, request) {
    return { data: await s.academyAuthoring.reorderModules(request.caller, request.body.module_ids) };
  },
});

export const addModuleLesson = coachRoute({
  schema: {
    params,
    body: closed({ title: text(200) }),
    response: { 201: closed({ data: newLesson }) },
  },
  limited: true,
  async handle(s, request, reply) {
    const lesson = await s.academyAuthoring.addLesson(request.caller, request.params.id, request.body.title);
    return reply.code(201).send({ data: lesson });
  },
});

export const orderModuleLessons = coachRoute({
  schema: { params, body: lessonOrder, response: ok(academyModules) },
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
