// Support tickets (the /help form) and feedback: testimonials and referrals. Signed-in calls, limited per user
// by the services and per IP by the flood guard (`limited`), since each one stores text and a referral mails.
import { ticketCategories } from '../services/support/ticket-service.js';
import { call, list, text } from '../../../contracts/rest/client.js';
import { requestAnswer } from '../../../contracts/rest/coach.js';
import { clientRoute } from './route.js';
import { closed, email, multiLine, ok, singleLine } from '../../../contracts/rest/pieces.js';

const created = { type: 'string', format: 'date-time' } as const;

/** The caller's tickets with status and answers (added: SPEC §7 has only the POST; /help lists them). */
export const myTickets = clientRoute({
  schema: {
    response: ok(
      list(
        closed({
          id: { type: 'integer' },
          category: { type: 'string' },
          subject: { type: 'string' },
          message: { type: 'string' },
          status: { type: 'string', enum: ['new', 'in_progress', 'done'] },
          created_at: created,
          status_changed_at: { anyOf: [{ type: 'null' }, created] },
          answers: list(requestAnswer),
        }),
      ),
    ),
  },
  async handle(s, request) {
    return { data: await s.tickets.list(request.caller) };
  },
});

export const tickets = clientRoute({
  schema: call(
    closed(
      {
        subject: text(200),
        message: text(10_000, multiLine),
        category: { type: 'string', enum: ticketCategories, ...singleLine },
      },
      ['subject', 'message'],
    ),
    closed({
      id: { type: 'integer' },
      category: { type: 'string' },
      subject: { type: 'string' },
      message: { type: 'string' },
      created_at: created,
    }),
    201,
  ),
  limited: true,
  async handle(s, request, reply) {
    const data = await s.tickets.file(request.tenant, request.caller, request.id, request.body);
    request.log.info({ tenant: request.caller.tenantId, ticket_id: data.id }, 'support ticket');
    return reply.code(201).send({ data });
  },
});

export const addTestimonial = clientRoute({
  schema: call(
    closed({
      testimonial: { ...text(5000, multiLine), minLength: 20 },
      // How the testimonial may be signed when published, e.g. "Rachel K., Evanston".
      display_name: text(100),
      consent: { type: 'boolean' },
    }),
    closed({ id: { type: 'integer' }, created_at: created }),
    201,
  ),
  limited: true,
  async handle(s, request, reply) {
    const data = await s.testimonials.add(request.tenant, request.caller, request.id, request.body);
    return reply.code(201).send({ data });
  },
});

export const addReferral = clientRoute({
  schema: call(
    closed(
      {
        first_name: text(100),
        last_name: text(100),
        email,
        note: { type: 'string', maxLength: 2000, ...multiLine },
      },
      ['first_name', 'last_name', 'email'],
    ),
    closed({
      id: { type: 'integer' },
      first_name: { type: 'string' },
      last_name: { type: 'string' },
      email: { type: 'string' },
      created_at: created,
    }),
    201,
  ),
  limited: true,
  async handle(s, request, reply) {
    const data = await s.referrals.add(request.tenant, request.caller, request.id, request.body);
    return reply.code(201).send({ data });
  },
});
