// Shared recaps: the client reads the recaps shared with them and comments; the coach writes a meeting's recap,
// shares it, comments and makes action steps from it. Another coach's client's recap, or a draft the client
// asks for, is a 404 and changes nothing (recaps-service.ts).
import { id, list } from '../../../contracts/rest/client.js';
import {
  meetingRecap,
  recap,
  recapBody,
  recapComment,
  recapCommentBody,
  recapStep,
  recapStepInput,
} from '../../../contracts/rest/recaps.js';
import { closed, ok } from '../../../contracts/rest/pieces.js';
import { clientRoute, coachRoute, signedInRoute } from './route.js';

const params = closed({ id });

export const clientRecaps = clientRoute({
  at: ['GET', '/api/v1/recaps'],
  schema: { response: ok(list(recap)) },
  async handle(s, request) {
    return { data: await s.recaps.list(request.caller) };
  },
});

export const clientRecap = clientRoute({
  at: ['GET', '/api/v1/recaps/:id'],
  schema: { params, response: ok(recap) },
  async handle(s, request) {
    return { data: await s.recaps.get(request.caller, request.params.id) };
  },
});

/** The client's comment, or their coach's: both write under the same thread. */
export const commentOnRecap = signedInRoute(['client', 'coach'])({
  at: ['POST', '/api/v1/recaps/:id/comments'],
  schema: { params, body: recapCommentBody, response: { 201: closed({ data: recapComment }) } },
  limited: true,
  async handle(s, request, reply) {
    const data = await s.recaps.comment(request.caller, request.params.id, request.body.body);
    return reply.code(201).send({ data });
  },
});

export const coachClientRecaps = coachRoute({
  at: ['GET', '/api/v1/coach/clients/:id/recaps'],
  schema: { params, response: ok(list(recap)) },
  async handle(s, request) {
    return { data: await s.recaps.list(request.caller, request.params.id) };
  },
});

export const coachMeetingRecap = coachRoute({
  at: ['GET', '/api/v1/coach/meetings/:id/recap'],
  schema: { params, response: ok(meetingRecap) },
  async handle(s, request) {
    return { data: await s.recaps.ofMeeting(request.caller, request.params.id) };
  },
});

export const saveMeetingRecap = coachRoute({
  at: ['POST', '/api/v1/coach/meetings/:id/recap'],
  schema: { params, body: recapBody, response: ok(recap) },
  limited: true,
  async handle(s, request) {
    return { data: await s.recaps.save(request.caller, request.params.id, request.body.body) };
  },
});

export const shareRecap = coachRoute({
  at: ['POST', '/api/v1/coach/recaps/:id/share'],
  schema: { params, response: ok(recap) },
  limited: true,
  async handle(s, request) {
    return { data: await s.recaps.share(request.tenant, request.caller, request.params.id) };
  },
});

export const stepFromRecap = coachRoute({
  at: ['POST', '/api/v1/coach/recaps/:id/action-steps'],
  schema: { params, body: recapStepInput, response: { 201: closed({ data: recapStep }) } },
  limited: true,
  async handle(s, request, reply) {
    return reply
      .code(201)
      .send({ data: await s.recaps.addStep(request.caller, request.params.id, request.body) });
  },
});
