// The client's business metrics (/api/v1/clientportal/metrics/…, /api/v1/tracker/monthly): what the API
// checks and answers, and the types the app's metrics screens send and read.
import type { FromSchema } from 'json-schema-to-ts';
import { dateTime, id, list, text } from './client.js';
import { boolean, closed, email, integer, line, singleLine, string } from './pieces.js';

// A number or null (no target; for a month, clear it), bounded far beyond any business figure so every value
// stays exact in a double. One type list rather than anyOf: ajv's coercion would turn null into 0 in anyOf's
// number branch, so "clear the month" would record a zero.
const amountOrNull = { type: ['number', 'null'], minimum: -1e12, maximum: 1e12 } as const;

/** Which way is better: 'up' (revenue) or 'down' (complaints). */
const direction = { type: 'string', enum: ['up', 'down'] } as const;

const metricFields = {
  name: text(100),
  unit: line(20),
  target: amountOrNull,
  direction: { ...direction, ...singleLine },
} as const;

/** A new metric: only its name is required (the API's defaults fill the rest). */
export const newMetric = closed(metricFields, ['name']);
/** A metric's new fields, by id. */
export const metricUpdate = closed({ id, ...metricFields }, ['id', 'name']);
/** What the app's metric form sends: every field. */
export const metricInput = closed(metricFields);

const metricValue = closed({
  /** 'YYYY-MM' */
  period: string,
  value: { type: 'number' },
  note: string,
  updated_at: dateTime,
});

export const metric = closed({
  id: integer,
  name: string,
  unit: string,
  target: { type: ['number', 'null'] },
  direction,
  /** One per month, oldest first. */
  values: list(metricValue),
  created_at: dateTime,
  updated_at: dateTime,
});

/** One month of a metric (a month sent again replaces it); a null value clears it. */
export const monthInput = closed(
  {
    metric_id: id,
    period: {
      type: 'string',
      pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$',
      mismatch: 'Enter a month as YYYY-MM.',
      ...singleLine,
    },
    value: amountOrNull,
    note: line(500),
  },
  ['metric_id', 'period', 'value'],
);

/** Mail the metrics to this address, or without one to the client's coach. */
export const shareMetricsBody = closed({ email }, []);
export const sharedMetrics = closed({
  sent: boolean,
  to: string,
  metrics: integer,
});

export type Metric = FromSchema<typeof metric>;
export type Direction = Metric['direction'];
export type MetricInput = FromSchema<typeof metricInput>;
export type NewMetric = FromSchema<typeof newMetric>;
export type MonthInput = FromSchema<typeof monthInput>;
export type SharedMetrics = FromSchema<typeof sharedMetrics>;
