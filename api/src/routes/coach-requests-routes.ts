// The coach's requests: their clients' tickets, testimonials and referrals in one list, and a change of one
// (its status, a testimonial's approval for publication) with an answer the client gets by mail.
import { id, list } from '../../../contracts/rest/client.js';
import { coachRequest } from '../../../contracts/rest/coach.js';
import { requestChange } from '../../../contracts/rest/coach-inputs.js';
import { coachRoute } from './route.js';
import { closed, ok } from '../../../contracts/rest/pieces.js';
import { requestKinds } from '../services/coach/requests-service.js';

export const coachRequests = coachRoute({
  schema: { response: ok(list(coachRequest)) },
  async handle(s, request) {
    return { data: await s.coachRequests.list(request.caller) };
  },
});

export const changeRequest = coachRoute({
  schema: {
    params: closed({ kind: { enum: requestKinds }, id }),
    body: requestChange,
    response: ok(coachRequest),
  },
  limited: true,
  async handle(s, request) {
    const { kind, id: rowId } = request.params;
    return {
      data: await s.coachRequests.change(request.tenant, request.caller, kind, rowId, request.body),
    };
  },
});
