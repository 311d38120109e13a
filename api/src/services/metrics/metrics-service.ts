// /metrics: the client's business metrics and their month-by-month values (the monthly tracker), and mailing
// them to the coach or another address. Every id is checked against the caller (404 otherwise).
import type { Kysely } from 'kysely';
import type { MonthInput, NewMetric } from '../../../../contracts/rest/metrics.js';
import type { Database, Tenant } from '../../db/database.js';
import { FieldError } from '../../errors.js';
import { found } from '../client-work/owner.js';
import type { Actor } from '../access/scope.js';
import { claimShare } from '../client-work/share-limit.js';
import type { Mailer } from '../mail/mailer.js';
import { findCoachOf } from '../profile/profile-repository.js';
import { findClient } from '../team/team-repository.js';
import { metricsMail } from './metrics-mail.js';
import {
  countMetrics,
  deleteValue,
  findMetric,
  insertMetric,
  listMetrics,
  listValues,
  updateMetric,
  upsertValue,
} from './metrics-repository.js';
import { metric } from './metric.js';
import type { MetricRow } from './metrics-repository.js';

/** More than a dashboard's worth; a bound so one client cannot grow the table without end. */
const MAX_METRICS = 50;
// Time zones run up to 14 hours ahead of UTC: the month that has begun somewhere is the latest one to record.
const EARLIEST_ZONE_MS = 14 * 60 * 60_000;

/** A metric's fields as the API took them (contracts/rest/metrics.ts): trimmed and defaulted, the rest as sent. */
const fields = (input: NewMetric) => ({
  ...input,
  name: input.name.trim(),
  unit: input.unit?.trim() ?? '',
  target: input.target ?? null,
  direction: input.direction ?? 'up',
});

interface MetricsDeps {
  db: Kysely<Database>;
  now: () => Date;
  mailer: Mailer;
}

export function createMetricsService({ db, now, mailer }: MetricsDeps) {
  const withValues = async (owner: Actor, row: MetricRow) => metric(row, await listValues(db, owner, row.id));
  const list = async (owner: Actor) => {
    const [rows, values] = await Promise.all([listMetrics(db, owner), listValues(db, owner)]);
    return rows.map((row) => metric(row, values));
  };
  return {
    list,
    async create(owner: Actor, input: NewMetric) {
      if ((await countMetrics(db, owner)) >= MAX_METRICS)
        throw new FieldError({ name: [`You can track at most ${MAX_METRICS} metrics.`] });
      return metric(await insertMetric(db, owner, fields(input), now()), []);
    },
    async update(owner: Actor, id: number, input: NewMetric) {
      const row = found(await updateMetric(db, owner, id, { ...fields(input), updated_at: now() }), 'Metric');
      return withValues(owner, row);
    },
    /** Records (or with value null, clears) one month of a metric. */
    async track(owner: Actor, input: MonthInput) {
      const at = now();
      if (input.period > new Date(at.getTime() + EARLIEST_ZONE_MS).toISOString().slice(0, 7))
        throw new FieldError({ period: ['Choose this month or an earlier one.'] });
      const row = found(await findMetric(db, owner, input.metric_id), 'Metric');
      if (input.value === null) await deleteValue(db, owner, row.id, input.period);
      else {
        const value = {
          metric_id: row.id,
          period: input.period,
          value: input.value,
          note: input.note?.trim() ?? '',
        };
        await upsertValue(db, owner, value, at);
      }
      return withValues(owner, row);
    },
    /** Mails the metrics to `to`, or without it to the client's coach. */
    async share(tenant: Tenant, owner: Actor, to: string | undefined) {
      const address = to ?? (await findCoachOf(db, owner))?.email;
      if (!address) throw new FieldError({ email: ['You have no coach yet: enter an email address.'] });
      await claimShare(db, 'metric_shares', owner, address, now());
      const [metrics, client] = await Promise.all([list(owner), findClient(db, owner)]);
      await mailer.send(metricsMail(tenant, client, address, metrics));
      return { sent: true, to: address, metrics: metrics.length };
    },
  };
}
