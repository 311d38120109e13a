// A client's goals: the client's own calls, the coach's for one of their clients, and the changes by id that
// both make (each reaching only the goals its caller's scope holds: another coach's client's goal is a 404
// that changes nothing).
import { id, list } from '../../../contracts/rest/client.js';
import {
  goal,
  goalChange,
  milestoneChange,
  newGoal,
  newMilestone,
  stepLink,
} from '../../../contracts/rest/goals.js';
import { closed, ok } from '../../../contracts/rest/pieces.js';
import { clientRoute, coachRoute, signedInRoute } from './route.js';

const params = closed({ id });
const milestoneParams = closed({ id, milestoneId: id });
/** A change the client and their coach both make. */
const clientOrCoach = signedInRoute(['client', 'coach']);

export const goals = clientRoute({
  at: ['GET', '/api/v1/goals'],
  schema: { response: ok(list(goal)) },
  async handle(s, request) {
    return { data: await s.goals.list(request.caller) };
  },
});

export const addGoal = clientRoute({
  at: ['POST', '/api/v1/goals'],
  schema: { body: newGoal, response: { 201: closed({ data: goal }) } },
  limited: true,
  async handle(s, request, reply) {
    return reply.code(201).send({ data: await s.goals.create(request.caller, request.body) });
  },
});

export const coachClientGoals = coachRoute({
  at: ['GET', '/api/v1/coach/clients/:id/goals'],
  schema: { params, response: ok(list(goal)) },
  async handle(s, request) {
    return { data: await s.goals.list(request.caller, request.params.id) };
  },
});

export const coachAddGoal = coachRoute({
  at: ['POST', '/api/v1/coach/clients/:id/goals'],
  schema: { params, body: newGoal, response: { 201: closed({ data: goal }) } },
  limited: true,
  async handle(s, request, reply) {
    const data = await s.goals.create(request.caller, request.body, request.params.id);
    return reply.code(201).send({ data });
  },
});

export const changeGoal = clientOrCoach({
  at: ['POST', '/api/v1/goals/:id'],
  schema: { params, body: goalChange, response: ok(goal) },
  limited: true,
  async handle(s, request) {
    return { data: await s.goals.change(request.caller, request.params.id, request.body) };
  },
});

export const addMilestone = clientOrCoach({
  at: ['POST', '/api/v1/goals/:id/milestones'],
  schema: { params, body: newMilestone, response: ok(goal) },
  limited: true,
  async handle(s, request) {
    return { data: await s.goals.addMilestone(request.caller, request.params.id, request.body.title) };
  },
});

export const changeMilestone = clientOrCoach({
  at: ['POST', '/api/v1/goals/:id/milestones/:milestoneId'],
  schema: { params: milestoneParams, body: milestoneChange, response: ok(goal) },
  async handle(s, request) {
    const { id: goalId, milestoneId } = request.params;
    return { data: await s.goals.changeMilestone(request.caller, goalId, milestoneId, request.body) };
  },
});

export const deleteMilestone = clientOrCoach({
  at: ['POST', '/api/v1/goals/:id/milestones/:milestoneId/delete'],
  schema: { params: milestoneParams, response: ok(goal) },
  async handle(s, request) {
    const { id: goalId, milestoneId } = request.params;
    return { data: await s.goals.removeMilestone(request.caller, goalId, milestoneId) };
  },
});

export const linkGoalStep = clientOrCoach({
  at: ['POST', '/api/v1/goals/:id/steps'],
  schema: { params, body: stepLink, response: ok(goal) },
  async handle(s, request) {
    const { step_id: stepId, linked } = request.body;
    return { data: await s.goals.linkStep(request.caller, request.params.id, stepId, linked) };
  },
});
