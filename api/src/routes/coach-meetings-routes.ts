// The coach's meetings: the list over a range of days, schedule one with an assigned client, change it
// (reschedule or edit) and cancel it. A booking that overlaps another of the coach's meetings answers 409 with
// those meetings, and is made only when sent again with confirm_overlap: true.
import type { FastifyReply } from 'fastify';
import { id } from '../../../contracts/rest/client.js';
import { meetingsPage, scheduledMeeting } from '../../../contracts/rest/coach.js';
import { meetingChange, newMeeting, overlap } from '../../../contracts/rest/coach-inputs.js';
import { coachRoute } from './route.js';
import { closed, integer, ok, singleLine } from '../../../contracts/rest/pieces.js';

const day = { type: 'string', format: 'date', ...singleLine } as const;
/** 409 with the overlapping meetings, or the meeting under `status`. */
function booked(
  reply: FastifyReply,
  status: 200 | 201,
  result: { meeting: unknown } | { overlaps: unknown[] },
) {
  if ('overlaps' in result)
    return reply.code(409).send({
      message: 'This time overlaps another of your meetings. Book it anyway to keep both.',
      overlaps: result.overlaps,
    });
  return reply.code(status).send({ data: result.meeting });
}

export const coachMeetings = coachRoute({
  schema: {
    querystring: closed({ from: day, to: day }, []),
    response: ok(meetingsPage),
  },
  async handle(s, request) {
    return { data: await s.meetings.list(request.caller, request.query) };
  },
});

export const scheduleMeeting = coachRoute({
  schema: {
    body: newMeeting,
    response: { 201: closed({ data: scheduledMeeting }), 409: overlap },
  },
  limited: true,
  async handle(s, request, reply) {
    const { client_id: clientId, ...input } = request.body;
    return booked(reply, 201, await s.meetings.create(request.tenant, request.caller, clientId, input));
  },
});

export const changeMeeting = coachRoute({
  schema: {
    params: closed({ id }),
    body: meetingChange,
    response: { ...ok(scheduledMeeting), 409: overlap },
  },
  limited: true,
  async handle(s, request, reply) {
    return booked(
      reply,
      200,
      await s.meetings.change(request.tenant, request.caller, request.params.id, request.body),
    );
  },
});

export const cancelMeeting = coachRoute({
  schema: {
    params: closed({ id }),
    response: ok(closed({ id: integer })),
  },
  limited: true,
  async handle(s, request) {
    return { data: await s.meetings.cancel(request.tenant, request.caller, request.params.id) };
  },
});
