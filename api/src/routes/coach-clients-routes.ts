// The coach's clients: the list with search and sort, one client's page, and the coach's private notes.
import { id, text } from '../../../contracts/rest/client.js';
import { clientPage, privateNote } from '../../../contracts/rest/coach.js';
import { clientsList } from '../../../contracts/rest/coach-inputs.js';
import { coachRoute } from './route.js';
import { closed, multiLine, ok, singleLine } from '../../../contracts/rest/pieces.js';

const clientParams = closed({ id });

export const coachClients = coachRoute({
  schema: {
    querystring: closed(
      {
        search: { type: 'string', maxLength: 100, ...singleLine },
        sort: {
          type: 'string',
          enum: ['name', 'company', 'unread', 'overdue', 'next_meeting'],
          default: 'name',
          ...singleLine,
        },
        order: { type: 'string', enum: ['asc', 'desc'], default: 'asc', ...singleLine },
      },
      [],
    ),
    response: { 200: clientsList },
  },
  async handle(s, request) {
    const { search, sort = 'name', order = 'asc' } = request.query;
    const data = await s.coach.clients(request.caller, { search: search?.trim() || undefined, sort, order });
    return { data, total: data.length };
  },
});

export const coachClientPage = coachRoute({
  schema: { params: clientParams, response: ok(clientPage) },
  async handle(s, request) {
    return { data: await s.coach.client(request.caller, request.params.id) };
  },
});

export const addPrivateNote = coachRoute({
  schema: {
    params: clientParams,
    body: closed({ body: text(20_000, multiLine), meeting_id: { ...id, type: ['integer', 'null'] } }, [
      'body',
    ]),
    response: { 201: closed({ data: privateNote }) },
  },
  limited: true,
  async handle(s, request, reply) {
    const { body, meeting_id = null } = request.body;
    const note = await s.coach.addPrivateNote(request.caller, request.params.id, { body, meeting_id });
    return reply.code(201).send({ data: note });
  },
});
