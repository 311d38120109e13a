// A client's session credits: their coach reads the balance (another coach's client is a 404), an
// admin reads any of the tenant's clients' and adjusts it with a reason (audited).
import { id } from '../../../contracts/rest/client.js';
import { creditAdjustInput, creditBalance } from '../../../contracts/rest/billing.js';
import { closed, ok } from '../../../contracts/rest/pieces.js';
import { adminRoute, coachRoute } from './route.js';

const params = closed({ id });

export const coachClientCredits = coachRoute({
  at: ['GET', '/api/v1/coach/clients/:id/credits'],
  schema: { params, response: ok(creditBalance) },
  async handle(s, request) {
    return { data: await s.billingCredits.ofCoachClient(request.caller, request.params.id) };
  },
});

export const adminClientCredits = adminRoute({
  at: ['GET', '/api/v1/admin/clients/:id/credits'],
  schema: { params, response: ok(creditBalance) },
  async handle(s, request) {
    return { data: await s.billingCredits.ofTenantClient(request.caller, request.params.id) };
  },
});

export const adjustClientCredits = adminRoute({
  at: ['POST', '/api/v1/admin/clients/:id/credits'],
  schema: { params, body: creditAdjustInput, response: ok(creditBalance) },
  limited: true,
  async handle(s, request) {
    const { caller, params, body } = request;
    return { data: await s.billingCredits.adjust(caller, params.id, body) };
  },
});
