// Web Push for every signed-in person (client, coach, admin), each on their own tenant's app: the server's key
// to subscribe with, and the caller's own device subscriptions. An unsubscribe names an endpoint: only the
// caller's own row at that endpoint goes.
import { everyoneRoute } from './route.js';
import { ok } from '../../../contracts/rest/pieces.js';
import { pushKey, pushSubscription, pushUnsubscription } from '../../../contracts/rest/push.js';

const done = { 204: { type: 'null' } } as const;

export const key = everyoneRoute({
  at: ['GET', '/api/v1/push/key'],
  schema: { response: ok(pushKey) },
  async handle(s) {
    return { data: s.push.key() };
  },
});

export const subscribe = everyoneRoute({
  at: ['POST', '/api/v1/push/subscriptions'],
  schema: { body: pushSubscription, response: done },
  limited: true,
  async handle(s, request, reply) {
    await s.push.subscribe(request.caller, request.body, request.headers['user-agent']);
    return reply.code(204).send();
  },
});

export const unsubscribe = everyoneRoute({
  at: ['DELETE', '/api/v1/push/subscriptions'],
  schema: { body: pushUnsubscription, response: done },
  async handle(s, request, reply) {
    await s.push.unsubscribe(request.caller, request.body.endpoint);
    return reply.code(204).send();
  },
});
