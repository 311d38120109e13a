// The client's booking (flag `booking`; 403 without it): their coaches and the types open to them, the free
// slots by the client's days, a booking (409 with the nearest free times when it was taken meanwhile), and a
// booked meeting's move and cancel within the notice (422 past it, saying the policy).
import type { FastifyReply } from 'fastify';
import { id } from '../../../contracts/rest/client.js';
import {
  bookedMeeting,
  bookingMove,
  bookingPage,
  newBooking,
  slotTaken,
  slotsPage,
  slotsQuery,
} from '../../../contracts/rest/booking.js';
import { closed, integer, ok } from '../../../contracts/rest/pieces.js';
import type { Booked } from '../services/booking/booking-service.js';
import { clientRoute } from './route.js';

/** The meeting under `status`, or 409 with the nearest free times. */
export function booked(reply: FastifyReply, status: 200 | 201, result: Booked) {
  if ('taken' in result) return reply.code(409).send(result.taken);
  return reply.code(status).send({ data: result.meeting });
}

export const bookingHome = clientRoute({
  at: ['GET', '/api/v1/booking'],
  schema: { response: ok(bookingPage) },
  async handle(s, request) {
    return { data: await s.booking.page(request.caller) };
  },
});

export const bookingSlots = clientRoute({
  at: ['GET', '/api/v1/booking/slots'],
  schema: { querystring: slotsQuery, response: ok(slotsPage) },
  async handle(s, request) {
    return { data: await s.booking.clientSlots(request.caller, request.query) };
  },
});

export const book = clientRoute({
  at: ['POST', '/api/v1/booking'],
  schema: { body: newBooking, response: { 201: closed({ data: bookedMeeting }), 409: slotTaken } },
  limited: true,
  async handle(s, request, reply) {
    return booked(reply, 201, await s.booking.book(request.tenant, request.caller, request.body, 'client'));
  },
});

export const bookedMeetingPage = clientRoute({
  at: ['GET', '/api/v1/booking/meetings/:id'],
  schema: { params: closed({ id }), response: ok(bookedMeeting) },
  async handle(s, request) {
    return { data: await s.booking.meeting(request.tenant, request.caller, request.params.id) };
  },
});

export const moveBooking = clientRoute({
  at: ['POST', '/api/v1/booking/meetings/:id/move'],
  schema: {
    params: closed({ id }),
    body: bookingMove,
    response: { ...ok(bookedMeeting), 409: slotTaken },
  },
  limited: true,
  async handle(s, request, reply) {
    const { tenant, caller, params, body } = request;
    return booked(reply, 200, await s.booking.move(tenant, caller, params.id, body.start));
  },
});

export const cancelBooking = clientRoute({
  at: ['POST', '/api/v1/booking/meetings/:id/cancel'],
  schema: { params: closed({ id }), response: ok(closed({ id: integer })) },
  limited: true,
  async handle(s, request) {
    return { data: await s.booking.cancel(request.tenant, request.caller, request.params.id) };
  },
});
