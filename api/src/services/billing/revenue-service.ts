// The admin's money reports, read-only over the billing tables: the revenue page, the payments list
// and its spreadsheet, each for the caller's tenant alone.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { Actor } from '../access/scope.js';
import { paymentsCsv, paymentsPage } from './payments-list.js';
import { revenue } from './revenue.js';

/** The admin's read-only views over the tenant's payments: the revenue page, the payments list and its CSV. */
export function createBillingReports(db: Kysely<Database>, now: () => Date) {
  return {
    revenue: (actor: Actor, query: { from?: string; to?: string }) => revenue(db, actor, now(), query),
    payments: (actor: Actor, query: { from?: string; to?: string; cursor?: string }) =>
      paymentsPage(db, actor, now(), query),
    paymentsCsv: (actor: Actor, query: { from?: string; to?: string }) =>
      paymentsCsv(db, actor, now(), query),
  };
}
