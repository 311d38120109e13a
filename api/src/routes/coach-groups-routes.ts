// The coach authors their groups: the list, a new group, the group page (details, members with their progress
// and payment, lessons in order), its members and its lessons' order.
import { id, list, text } from '../../../contracts/rest/client.js';
import {
  groupFields,
  groupPage,
  groupRow,
  newLesson,
  lessonOrder,
} from '../../../contracts/rest/coach-authoring.js';
import { handedOver } from '../../../contracts/rest/coach-inputs.js';
import { coachRoute } from './route.js';
import { closed, ok } from '../../../contracts/rest/pieces.js';

const params = closed({ id });

export const coachGroups = coachRoute({
  schema: { response: ok(list(groupRow)) },
  async handle(s, request) {
    return { data: await s.groupsAuthoring.list(request.caller) };
  },
});

export const createGroup = coachRoute({
  schema: {
    body: closed(groupFields, ['title']),
    response: { 201: closed({ data: groupPage }) },
  },
  limited: true,
  async handle(s, request, reply) {
    return reply.code(201).send({ data: await s.groupsAuthoring.create(request.caller, request.body) });
  },
});

export const coachGroup = coachRoute({
  schema: { params, response: ok(groupPage) },
  async handle(s, request) {
    return { data: await s.groupsAuthoring.page(request.caller, request.params.id) };
  },
});

export const changeGroup = coachRoute({
  schema: {
    params,
    body: { ...closed(groupFields, []), minProperties: 1 },
    response: ok(groupPage),
  },
  async handle(s, request) {
    return { data: await s.groupsAuthoring.change(request.caller, request.params.id, request.body) };
  },
});

export const addGroupMember = coachRoute({
  schema: { params, body: closed({ client_id: id }), response: ok(groupPage) },
  async handle(s, request) {
    const { id: groupId } = request.params;
    const page = await s.groupsAuthoring.addMember(request.caller, groupId, request.body.client_id);
    await s.groupSessions.inviteMember(request.tenant, request.caller, groupId, request.body.client_id);
    return { data: page };
  },
});

export const handOverGroup = coachRoute({
  schema: {
    params,
    body: closed({ coach_id: id }),
    response: ok(handedOver),
  },
  async handle(s, request) {
    return {
      data: await s.groupsAuthoring.handOver(request.caller, request.params.id, request.body.coach_id),
    };
  },
});

export const removeGroupMember = coachRoute({
  schema: { params: closed({ id, clientId: id }), response: ok(groupPage) },
  async handle(s, request) {
    const { id: groupId, clientId } = request.params;
    return { data: await s.groupsAuthoring.removeMember(request.caller, groupId, clientId) };
  },
});

export const addGroupLesson = coachRoute({
  schema: {
    params,
    body: closed({ title: text(200) }),
    response: { 201: closed({ data: newLesson }) },
  },
  limited: true,
  async handle(s, request, reply) {
    const lesson = await s.groupsAuthoring.addLesson(request.caller, request.params.id, request.body.title);
    return reply.code(201).send({ data: lesson });
  },
});

export const orderGroupLessons = coachRoute({
  schema: { params, body: lessonOrder, response: ok(groupPage) },
  async handle(s, request) {
    return {
      data: await s.groupsAuthoring.reorder(request.caller, request.params.id, request.body.lesson_ids),
    };
  },
});
