// The assessments a coach makes for one of their clients: the areas, scores and implementation steps. Only the
// coach's own clients: anything else is a 404.
import { id, text } from '../../../contracts/rest/client.js';
import { areaFields, areaInput, assessmentPage, day } from '../../../contracts/rest/coach-assessments.js';
import { newAreaStep } from '../../../contracts/rest/coach-inputs.js';
import { coachRoute } from './route.js';
import { closed, integer, ok } from '../../../contracts/rest/pieces.js';

export const createAssessment = coachRoute({
  schema: {
    params: closed({ id }),
    body: closed({ title: text(200), assessed_on: day, currency_id: id }, ['title', 'assessed_on']),
    response: { 201: closed({ data: assessmentPage }) },
  },
  limited: true,
  async handle(s, request, reply) {
    const data = await s.coachAssessments.create(request.caller, request.params.id, request.body);
    return reply.code(201).send({ data });
  },
});

export const assessmentOfClient = coachRoute({
  schema: {
    params: closed({ id, assessmentId: id }),
    response: ok(assessmentPage),
  },
  async handle(s, request) {
    const { id: clientId, assessmentId } = request.params;
    return { data: await s.coachAssessments.page(request.caller, clientId, assessmentId) };
  },
});

export const editAssessment = coachRoute({
  schema: {
    params: closed({ id, assessmentId: id }),
    body: { ...closed({ title: text(200), assessed_on: day }, []), minProperties: 1 },
    response: ok(assessmentPage),
  },
  async handle(s, request) {
    const { id: clientId, assessmentId } = request.params;
    return { data: await s.coachAssessments.update(request.caller, clientId, assessmentId, request.body) };
  },
});

export const addArea = coachRoute({
  schema: {
    params: closed({ id, assessmentId: id }),
    body: areaInput,
    response: { 201: closed({ data: assessmentPage }) },
  },
  async handle(s, request, reply) {
    const { id: clientId, assessmentId } = request.params;
    const data = await s.coachAssessments.addArea(request.caller, clientId, assessmentId, request.body);
    return reply.code(201).send({ data });
  },
});

export const editArea = coachRoute({
  schema: {
    params: closed({ id, areaId: id }),
    body: { ...closed(areaFields, []), minProperties: 1 },
    response: ok(assessmentPage),
  },
  async handle(s, request) {
    const { id: clientId, areaId } = request.params;
    return { data: await s.coachAssessments.updateArea(request.caller, clientId, areaId, request.body) };
  },
});

export const deleteArea = coachRoute({
  schema: { params: closed({ id, areaId: id }), response: ok(assessmentPage) },
  async handle(s, request) {
    const { id: clientId, areaId } = request.params;
    return { data: await s.coachAssessments.deleteArea(request.caller, clientId, areaId) };
  },
});

export const addImplementationStep = coachRoute({
  schema: {
    params: closed({ id, areaId: id }),
    body: newAreaStep,
    response: { 201: closed({ data: assessmentPage }) },
  },
  async handle(s, request, reply) {
    const { id: clientId, areaId } = request.params;
    const data = await s.coachAssessments.addStep(request.caller, clientId, areaId, request.body);
    return reply.code(201).send({ data });
  },
});

export const deleteImplementationStep = coachRoute({
  schema: {
    params: closed({ id, stepId: id }),
    response: ok(closed({ id: integer })),
  },
  async handle(s, request) {
    const { id: clientId, stepId } = request.params;
    return { data: await s.coachAssessments.deleteStep(request.caller, clientId, stepId) };
  },
});
