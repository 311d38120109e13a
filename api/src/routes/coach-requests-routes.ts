// The coach's requests: their clients' tickets, testimonials and referrals in one list, and a change of one
// (its status, a testimonial's approval for publication) with an answer the client gets by mail.
import { authenticated, id, list, text } from './client-schemas.js';
import { coachRequest } from './coach-schemas.js';
import { coaches, route } from './route.js';
import { closed, multiLine, ok, tenantHeaders } from './schemas.js';
import { requestKinds } from '../services/coach/requests-service.js';

export const coachRequests = route({
  roles: coaches,
  schema: { headers: tenantHeaders, response: ok(list(coachRequest)) },
  config: authenticated,
  async handle(s, request) {
    return { data: await s.coachRequests.list(request.caller) };
  },
});

export const changeRequest = route({
  roles: coaches,
  schema: {
    headers: tenantHeaders,
    params: closed({ kind: { enum: requestKinds }, id }),
    body: {
      ...closed(
        {
          status: { enum: ['new', 'in_progress', 'done'] },
          approved: { type: 'boolean' },
          reply: text(10_000, multiLine),
        },
        [],
      ),
      minProperties: 1,
    },
    response: ok(coachRequest),
  },
  config: authenticated,
  limited: true,
  async handle(s, request) {
    const { kind, id: rowId } = request.params;
    return {
      data: await s.coachRequests.change(request.tenant, request.caller, kind, rowId, request.body),
    };
  },
});
