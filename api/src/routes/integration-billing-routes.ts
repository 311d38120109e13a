// The integration API's billing reads: what the tenant's clients bought, their invoices and credit notes (each
// as its PDF too), and a client's session credits. A key reads as its tenant's admin: another tenant's is a 404.
import {
  creditBalance,
  integrationInvoice,
  integrationPurchase,
  offering,
} from '../../../contracts/rest/billing.js';
import { id } from '../../../contracts/rest/client.js';
import { page, pageQuery } from '../../../contracts/rest/integration.js';
import { closed, ok } from '../../../contracts/rest/pieces.js';
import type { Actor } from '../services/access/scope.js';
import { invoicesPage, purchasesPage } from '../services/integration/billing-activity.js';
import { sendPrivateFile } from './private-file.js';
import { keyRoute } from './route.js';

/** The key as the tenant's admin reads: every row of its tenant and no other. */
const asTenant = (key: { tenantId: number }): Actor => ({ tenantId: key.tenantId, userId: 0, role: 'admin' });

export const keyOfferings = keyRoute('read', {
  at: ['GET', '/integration/v1/offerings'],
  schema: {
    summary: 'List offerings',
    description:
      'What the business and its coaches sell, active first: every offering on one page (a business sells ' +
      'tens, not thousands), so `next_cursor` is always null. `price` in the currency’s minor unit, tax included.',
    response: page(offering),
  },
  async handle(s, request) {
    return { data: await s.billingOfferings.list(asTenant(request.key)), next_cursor: null };
  },
});

export const keyPurchases = keyRoute('read', {
  at: ['GET', '/integration/v1/purchases'],
  schema: {
    summary: 'List purchases',
    description:
      'What clients bought (a session, a package, a subscription or a payment plan), in the order they were ' +
      'begun: `amount` in the currency’s minor unit (4500 is 45.00 EUR, 4500 JPY), tax included.',
    querystring: pageQuery,
    response: page(integrationPurchase),
  },
  async handle(s, request) {
    const { limit = 50, since, cursor } = request.query;
    return s.read(purchasesPage, asTenant(request.key), { limit, since, cursor });
  },
});

export const keyInvoices = keyRoute('read', {
  at: ['GET', '/integration/v1/invoices'],
  schema: {
    summary: 'List invoices',
    description:
      'Invoices and credit notes in the order they were issued, numbered in one sequence without gaps; ' +
      'amounts in minor units, `subtotal` + `tax` = `total`. A credit note’s amounts are positive too.',
    querystring: pageQuery,
    response: page(integrationInvoice),
  },
  async handle(s, request) {
    const { limit = 50, since, cursor } = request.query;
    return s.read(invoicesPage, asTenant(request.key), { limit, since, cursor });
  },
});

export const keyInvoicePdf = keyRoute('read', {
  at: ['GET', '/integration/v1/invoices/:id/pdf'],
  schema: {
    summary: 'Download an invoice',
    description: 'The invoice or credit note as the client received it: a PDF (application/pdf).',
    params: closed({ id }),
  },
  async handle(s, request, reply) {
    return sendPrivateFile(reply, await s.billingInvoices.pdf(asTenant(request.key), request.params.id));
  },
});

export const keyClientCredits = keyRoute('read', {
  at: ['GET', '/integration/v1/clients/:id/credits'],
  schema: {
    summary: 'A client’s session credits',
    description:
      'What the client can book now (`available`), when the soonest unspent credits expire, and each grant ' +
      '(a purchase, a renewal, an admin’s adjustment: negative when down) with what is spent of it.',
    params: closed({ id }),
    response: ok(creditBalance),
  },
  async handle(s, request) {
    return { data: await s.billingCredits.ofTenantClient(asTenant(request.key), request.params.id) };
  },
});
