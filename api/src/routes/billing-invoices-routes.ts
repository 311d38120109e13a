// Invoice and credit note PDFs: the client downloads their own, an admin any of the tenant's; another
// client's, another tenant's or no invoice is the same 404.
import { id } from '../../../contracts/rest/client.js';
import { closed } from '../../../contracts/rest/pieces.js';
import { sendPrivateFile } from './private-file.js';
import { adminRoute, clientRoute } from './route.js';

const params = closed({ id });

export const clientInvoicePdf = clientRoute({
  at: ['GET', '/api/v1/billing/invoices/:id/pdf'],
  schema: { params },
  async handle(s, request, reply) {
    return sendPrivateFile(reply, await s.billingInvoices.pdf(request.caller, request.params.id));
  },
});

export const adminInvoicePdf = adminRoute({
  at: ['GET', '/api/v1/admin/invoices/:id/pdf'],
  schema: { params },
  async handle(s, request, reply) {
    return sendPrivateFile(reply, await s.billingInvoices.pdf(request.caller, request.params.id));
  },
});
