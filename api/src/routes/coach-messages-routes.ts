// The coach's mailbox: threads with their clients, a thread (opening it marks what was unread), a reply, a new
// message to a client, and the unread count for the badge. Attachments are uploaded first through /upload/mail
// (the same private storage, type sniffing and limits as the client's) and named here by id.
import { id, list } from '../../../contracts/rest/client.js';
import { message, thread } from '../../../contracts/rest/coach.js';
import { countUnreadEmails } from '../services/users/user-repository.js';
import { coachRoute } from './route.js';
import { closed, integer, multiLine, ok, singleLine } from '../../../contracts/rest/pieces.js';

// The mailbox service checks subject and body (the plain-text rule, lengths, sanitising) as for GraphQL.
const letter = {
  subject: { type: 'string', maxLength: 1000, ...singleLine },
  body: { type: 'string', maxLength: 100_000, ...multiLine },
  attachments: { type: 'array', items: id, maxItems: 50 },
} as const;

export const coachThreads = coachRoute({
  schema: {
    querystring: closed({ client_id: id }, []),
    response: ok(list(thread)),
  },
  async handle(s, request) {
    return { data: await s.coach.threads(request.caller, request.query.client_id) };
  },
});

export const coachThread = coachRoute({
  schema: {
    params: closed({ id }),
    response: ok(
      closed({
        items: list(message),
        total: integer,
        next_offset: { type: ['integer', 'null'] },
      }),
    ),
  },
  async handle(s, request) {
    return { data: await s.coach.thread(request.caller, request.params.id) };
  },
});

export const coachReply = coachRoute({
  schema: {
    params: closed({ id }),
    body: closed(letter, ['subject', 'body']),
    response: { 201: closed({ data: message }) },
  },
  limited: true,
  async handle(s, request, reply) {
    const sent = await s.coach.reply(request.tenant, request.caller, request.params.id, request.body);
    return reply.code(201).send({ data: sent });
  },
});

export const coachCompose = coachRoute({
  schema: {
    body: closed({ client_id: id, ...letter }, ['client_id', 'subject', 'body']),
    response: { 201: closed({ data: message }) },
  },
  limited: true,
  async handle(s, request, reply) {
    const { client_id, ...input } = request.body;
    const sent = await s.coach.compose(request.tenant, request.caller, client_id, input);
    return reply.code(201).send({ data: sent });
  },
});

export const coachUnread = coachRoute({
  at: ['GET', '/api/v1/coach/messages/unread'],
  schema: { response: ok(closed({ count: integer })) },
  async handle(s, request) {
    return { data: { count: await s.read(countUnreadEmails, request.caller) } };
  },
});
