// The admin's money reports: the payments list a page at a time, the same rows as a CSV download,
// and the revenue page. Read-only, the caller's tenant alone; months are the business's (tenant.json
// billing.timeZone).
import { paymentsPage, paymentsQuery, revenue, revenueQuery } from '../../../contracts/rest/billing.js';
import { ok } from '../../../contracts/rest/pieces.js';
import { sendPrivateFile } from './private-file.js';
import { adminRoute } from './route.js';

export const adminPayments = adminRoute({
  at: ['GET', '/api/v1/admin/payments'],
  schema: { querystring: paymentsQuery, response: ok(paymentsPage) },
  async handle(s, request) {
    return { data: await s.billingReports.payments(request.caller, request.query) };
  },
});

export const adminPaymentsCsv = adminRoute({
  at: ['GET', '/api/v1/admin/payments.csv'],
  schema: { querystring: revenueQuery },
  async handle(s, request, reply) {
    const csv = await s.billingReports.paymentsCsv(request.caller, request.query);
    const { from = '', to = '' } = request.query;
    return sendPrivateFile(reply, {
      name: `payments${from && ` ${from}`}${to && ` to ${to}`}.csv`,
      type: 'text/csv; charset=utf-8',
      bytes: Buffer.from(csv, 'utf8'),
    });
  },
});

export const adminRevenue = adminRoute({
  at: ['GET', '/api/v1/admin/revenue'],
  schema: { querystring: revenueQuery, response: ok(revenue) },
  async handle(s, request) {
    return { data: await s.billingReports.revenue(request.caller, request.query) };
  },
});
