// The integration API's booking: a coach's free slots, and a booking for one of the coach's clients, through
// the same service as the client's own (their coach, a type open to them, the booking flag, the race check).
import { id } from '../../../contracts/rest/client.js';
import {
  bookedMeeting,
  newBooking,
  slotTaken,
  slotsPage,
  slotsQuery,
} from '../../../contracts/rest/booking.js';
import { closed, ok } from '../../../contracts/rest/pieces.js';
import { booked } from './booking-routes.js';
import { keyRoute } from './route.js';

const { coach_id: _coach, ...query } = slotsQuery.properties;

export const keyCoachSlots = keyRoute('read', {
  at: ['GET', '/integration/v1/coaches/:id/slots'],
  schema: {
    summary: "A coach's free slots",
    description:
      "The free slots of a coach (`id`: the coach's person id) for one of their active meeting types, from " +
      '`from` (a date in the coach’s zone; today by default) for `days` days (14 by default), grouped by the ' +
      "coach's days. Send a slot's `start` unchanged to book it.",
    params: closed({ id }),
    querystring: closed(query, ['type_id']),
    response: ok(slotsPage),
  },
  async handle(s, request) {
    return { data: await s.booking.keySlots(request.key.tenantId, request.params.id, request.query) };
  },
});

export const keyBook = keyRoute('read-write', {
  at: ['POST', '/integration/v1/bookings'],
  schema: {
    summary: 'Book a meeting for a client',
    description:
      "Books a free slot of a client's coach, as the client would in the portal: the coach must be theirs, the " +
      'type open to them and the booking flag on. Both are mailed the invitation. A slot taken meanwhile is a ' +
      '409 with the nearest free times.',
    body: closed({ client_id: id, ...newBooking.properties }, ['client_id', ...newBooking.required]),
    response: { 201: closed({ data: bookedMeeting }), 409: slotTaken },
  },
  async handle(s, request, reply) {
    return booked(reply, 201, await s.booking.keyBook(request.tenant, request.body));
  },
});
