// Support tickets (the /help form) and feedback: testimonials and referrals. Signed-in calls, limited per user
// by the services and per IP by the flood guard (`limited`), since each one stores text and a referral mails.
import { call, list } from '../../../contracts/rest/client.js';
import {
  addedReferral,
  addedTestimonial,
  filedTicket,
  referralInput,
  testimonialInput,
  ticket,
  ticketInput,
} from '../../../contracts/rest/support.js';
import { clientRoute } from './route.js';
import { ok } from '../../../contracts/rest/pieces.js';

/** The caller's tickets with status and answers (added: SPEC §7 has only the POST; /help lists them). */
export const myTickets = clientRoute({
  schema: {
    response: ok(list(ticket)),
  },
  async handle(s, request) {
    return { data: await s.tickets.list(request.caller) };
  },
});

export const tickets = clientRoute({
  schema: call(ticketInput, filedTicket, 201),
  limited: true,
  async handle(s, request, reply) {
    const data = await s.tickets.file(request.tenant, request.caller, request.id, request.body);
    request.log.info({ tenant: request.caller.tenantId, ticket_id: data.id }, 'support ticket');
    return reply.code(201).send({ data });
  },
});

export const addTestimonial = clientRoute({
  schema: call(testimonialInput, addedTestimonial, 201),
  limited: true,
  async handle(s, request, reply) {
    const data = await s.testimonials.add(request.tenant, request.caller, request.id, request.body);
    return reply.code(201).send({ data });
  },
});

export const addReferral = clientRoute({
  schema: call(referralInput, addedReferral, 201),
  limited: true,
  async handle(s, request, reply) {
    const data = await s.referrals.add(request.tenant, request.caller, request.id, request.body);
    return reply.code(201).send({ data });
  },
});
