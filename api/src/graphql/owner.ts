// Every /gapi field takes a user_id and answers only for the caller: the id is checked against the token's
// user, never trusted, and the services then work for the caller the token names.
import mercurius from 'mercurius';
import type { MercuriusContext } from 'mercurius';
import type { Actor } from '../services/access/scope.js';

/** GraphQL's refusal of a field to this caller (403). */
export const forbidden = () => new mercurius.ErrorWithProps('Forbidden', { code: 'FORBIDDEN' }, 403);

/** The caller, when `userId` is the caller's own id; any other user_id is refused (403). */
export function owner(ctx: MercuriusContext, userId: number): Actor {
  const request = ctx.reply.request;
  if (userId !== request.caller.userId) throw forbidden();
  return request.caller;
}
