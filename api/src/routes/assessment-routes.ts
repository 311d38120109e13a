// Assessments and implementation: the list, the analysis, the implementation plan, one focus area's steps,
// adding a step, and the currencies amounts are counted in. Another client's or tenant's ids are a 404 and
// change nothing.
import { call, id, list, noBody } from '../../../contracts/rest/client.js';
import {
  analysis,
  assessmentSummary,
  currency,
  implementationPlan,
  implementationStep,
  newImplementationStep,
  priorityImplementation,
} from '../../../contracts/rest/assessments.js';
import { clientRoute } from './route.js';
import { closed, ok } from '../../../contracts/rest/pieces.js';

const params = closed({ id });

export const currencies = clientRoute({
  schema: { response: ok(list(currency)) },
  async handle(s) {
    return { data: await s.assessments.currencies() };
  },
});

export const companyAssessments = clientRoute({
  schema: call(noBody, list(assessmentSummary)),
  async handle(s, request) {
    return { data: await s.assessments.list(request.caller) };
  },
});

export const analysisPage = clientRoute({
  schema: {
    ...call(noBody, analysis),
    params,
  },
  async handle(s, request) {
    return { data: await s.assessments.analysis(request.caller, request.params.id) };
  },
});

export const implementationShow = clientRoute({
  schema: call(closed({ assessment_id: id }), implementationPlan),
  async handle(s, request) {
    return { data: await s.assessments.plan(request.caller, request.body.assessment_id) };
  },
});

export const priorityImplementationPage = clientRoute({
  schema: {
    params,
    response: { 200: priorityImplementation },
  },
  async handle(s, request) {
    return s.assessments.implementation(request.caller, request.params.id);
  },
});

export const addImplementation = clientRoute({
  schema: call(newImplementationStep, implementationStep, 201),
  async handle(s, request, reply) {
    const data = await s.assessments.addStep(request.caller, request.body);
    return reply.code(201).send({ data });
  },
});
