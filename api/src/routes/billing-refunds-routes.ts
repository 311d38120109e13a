// An admin refunds a payment of the tenant's, in full or in part, with a reason: the money back (through Stripe
// for a card), a credit note, the unspent credits it paid for taken back; audited. Another tenant's is a 404.
import { id } from '../../../contracts/rest/client.js';
import { refund, refundInput } from '../../../contracts/rest/billing.js';
import { closed } from '../../../contracts/rest/pieces.js';
import { adminRoute } from './route.js';

export const refundPayment = adminRoute({
  at: ['POST', '/api/v1/admin/payments/:id/refunds'],
  schema: { params: closed({ id }), body: refundInput, response: { 201: closed({ data: refund }) } },
  limited: true,
  async handle(s, request, reply) {
    const { caller, params, body } = request;
    return reply.code(201).send({ data: await s.billingRefunds.refund(caller, params.id, body) });
  },
});
