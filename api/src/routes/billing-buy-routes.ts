// A client's "Plans and billing": the page's data, a buy (the server's price; a retried key answers
// the same purchase), a purchase read (the page polls it after paying), and a subscription's cancel at period end
// and change of plan. An admin records a payment made without a card through the same ledger.
import { id } from '../../../contracts/rest/client.js';
import {
  billingPage,
  buyInput,
  cancelInput,
  changeInput,
  offlinePaymentInput,
  payment,
  purchase,
  purchaseStarted,
} from '../../../contracts/rest/billing.js';
import { closed, ok } from '../../../contracts/rest/pieces.js';
import { adminRoute, clientRoute } from './route.js';

const byId = closed({ id });

export const billingPageRoute = clientRoute({
  at: ['GET', '/api/v1/billing'],
  schema: { response: ok(billingPage) },
  async handle(s, request) {
    return { data: await s.billingBuying.page(request.tenant, request.caller) };
  },
});

export const buyOffering = clientRoute({
  at: ['POST', '/api/v1/billing/offerings/:id/buy'],
  schema: { params: byId, body: buyInput, response: { 201: closed({ data: purchaseStarted }) } },
  limited: true,
  async handle(s, request, reply) {
    const data = await s.billingBuying.buy(request.caller, request.params.id, request.body.idempotency_key);
    return reply.code(201).send({ data });
  },
});

export const purchaseRoute = clientRoute({
  at: ['GET', '/api/v1/billing/purchases/:id'],
  schema: { params: byId, response: ok(purchase) },
  async handle(s, request) {
    return { data: await s.billingBuying.purchase(request.caller, request.params.id) };
  },
});

export const cancelPurchase = clientRoute({
  at: ['POST', '/api/v1/billing/purchases/:id/cancel'],
  schema: { params: byId, body: cancelInput, response: ok(purchase) },
  limited: true,
  async handle(s, request) {
    const { id: purchaseId } = request.params;
    return {
      data: await s.billingBuying.cancel(request.caller, purchaseId, request.body.cancel_at_period_end),
    };
  },
});

export const changePurchase = clientRoute({
  at: ['POST', '/api/v1/billing/purchases/:id/change'],
  schema: { params: byId, body: changeInput, response: ok(purchase) },
  limited: true,
  async handle(s, request) {
    const { id: purchaseId } = request.params;
    return { data: await s.billingBuying.change(request.caller, purchaseId, request.body.offering_id) };
  },
});

export const recordOfflinePayment = adminRoute({
  at: ['POST', '/api/v1/admin/payments/offline'],
  schema: { body: offlinePaymentInput, response: { 201: closed({ data: payment }) } },
  limited: true,
  async handle(s, request, reply) {
    return reply.code(201).send({ data: await s.billingBuying.recordOffline(request.caller, request.body) });
  },
});
