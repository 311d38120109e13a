// A client's action steps as their coach changes them: add one, edit its words or due date, move it to another
// column of the board (its status, SPEC §4's 0-3). The client sees them through their own board calls.
import { id } from '../../../contracts/rest/client.js';
import { coachStep } from '../../../contracts/rest/coach.js';
import { newStep, stepFields, stepStatus } from '../../../contracts/rest/coach-inputs.js';
import { coachRoute } from './route.js';
import { closed, ok } from '../../../contracts/rest/pieces.js';

export const addActionStep = coachRoute({
  schema: {
    params: closed({ id }),
    body: newStep,
    response: { 201: closed({ data: coachStep }) },
  },
  limited: true,
  async handle(s, request, reply) {
    return reply
      .code(201)
      .send({ data: await s.coach.addStep(request.caller, request.params.id, request.body) });
  },
});

export const editActionStep = coachRoute({
  schema: {
    params: closed({ id }),
    body: { ...closed(stepFields, []), minProperties: 1 },
    response: ok(coachStep),
  },
  async handle(s, request) {
    return { data: await s.coach.changeStep(request.caller, request.params.id, request.body) };
  },
});

export const moveActionStep = coachRoute({
  schema: {
    params: closed({ id }),
    body: closed({ status: stepStatus }),
    response: ok(coachStep),
  },
  async handle(s, request) {
    return { data: await s.coach.changeStep(request.caller, request.params.id, request.body) };
  },
});
