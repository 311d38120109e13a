// Paid groups (SPEC §7 /integrations/stripe/create-intent, /users/studentpaid/ and /users/studentemail/) and
// Stripe's webhook. The client names only the group: the amount is the server's, and paid is the webhook's.
import type { FastifyInstance } from 'fastify';
import type { PluginRoutes } from './route.js';
import { clientRoute } from './route.js';
import { call } from '../../../contracts/rest/client.js';
import { boolean, closed, line, singleLine } from '../../../contracts/rest/pieces.js';
import { byGroup, paymentIntent, purchase, receipt } from '../../../contracts/rest/payments.js';
import type { Services } from '../services/index.js';

export const createIntent = clientRoute({
  schema: {
    ...call(byGroup, paymentIntent),
    headers: {
      type: 'object',
      required: ['x-tenant-id', 'idempotency-key'],
      properties: {
        'x-tenant-id': { type: 'string', pattern: '^[1-9][0-9]{0,8}$', ...singleLine },
        // One key per purchase attempt, made by the client (a UUID): a retry sends the same key.
        'idempotency-key': line(255, { minLength: 8, pattern: '^[A-Za-z0-9_:-]+$' }),
      },
    },
  },
  limited: true,
  async handle(s, request) {
    const owner = request.caller;
    const data = await s.payments.createIntent(
      owner,
      request.body.group_id,
      request.headers['idempotency-key'],
    );
    return { data };
  },
});

export const studentPaid = clientRoute({
  schema: call(byGroup, purchase),
  async handle(s, request) {
    const owner = request.caller;
    return { data: await s.payments.status(owner, request.body.group_id) };
  },
});

export const studentEmail = clientRoute({
  schema: call(byGroup, receipt),
  limited: true,
  async handle(s, request) {
    const owner = request.caller;
    return { data: await s.payments.mailReceipt(request.tenant, owner, request.body.group_id) };
  },
});

/**
 * Stripe's webhook. Its signature covers the exact bytes sent, so this route keeps the body raw (a parser of its
 * own scope); no tenant header or token: the signature is the authentication.
 */
export const stripeWebhook: PluginRoutes = {
  roles: 'anyone',
  async mount(app: FastifyInstance, services: Services, url: string) {
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
        done(null, body),
      );
      scope.route<{ Body: Buffer; Headers: { 'stripe-signature': string } }>({
        method: 'POST',
        url,
        schema: {
          headers: {
            type: 'object',
            required: ['stripe-signature'],
            properties: { 'stripe-signature': line(4096) },
          },
          response: { 200: closed({ received: boolean }) },
        },
        handler: async (request) => {
          const { received } = await services.payments.webhook(
            request.body,
            request.headers['stripe-signature'],
          );
          return { received };
        },
      });
    });
  },
};
