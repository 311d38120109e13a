// Business metrics: list, add and edit a metric, record a month of it (the monthly tracker) and mail them. A
// metric id of another client is a 404 and changes nothing.
import { call, dateTime, id, list, noBody, text } from './client-schemas.js';
import { clientRoute } from './route.js';
import { closed, email, line, singleLine } from './schemas.js';

// A number or null (no target; for a month, clear it), bounded far beyond any business figure so every value
// stays exact in a double. One type list rather than anyOf: ajv's coercion would turn null into 0 in anyOf's
// number branch, so "clear the month" would record a zero.
const amountOrNull = { type: ['number', 'null'], minimum: -1e12, maximum: 1e12 } as const;

const metricFields = {
  name: text(100),
  unit: line(20),
  target: amountOrNull,
  direction: { type: 'string', enum: ['up', 'down'], ...singleLine },
} as const;

const metricValue = closed({
  period: { type: 'string' },
  value: { type: 'number' },
  note: { type: 'string' },
  updated_at: dateTime,
});

const metric = closed({
  id: { type: 'integer' },
  name: { type: 'string' },
  unit: { type: 'string' },
  target: { type: ['number', 'null'] },
  direction: { type: 'string' },
  values: list(metricValue),
  created_at: dateTime,
  updated_at: dateTime,
});

export const metrics = clientRoute({
  schema: call(noBody, list(metric)),
  async handle(s, request) {
    return { data: await s.metrics.list(request.caller) };
  },
});

export const saveMetric = clientRoute({
  schema: call(closed(metricFields, ['name']), metric, 201),
  async handle(s, request, reply) {
    const data = await s.metrics.create(request.caller, request.body);
    return reply.code(201).send({ data });
  },
});

export const updateMetric = clientRoute({
  schema: call(closed({ id, ...metricFields }, ['id', 'name']), metric),
  async handle(s, request) {
    const { id: metricId, ...input } = request.body;
    return { data: await s.metrics.update(request.caller, metricId, input) };
  },
});

export const trackMonth = clientRoute({
  schema: call(
    closed(
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
    ),
    metric,
  ),
  async handle(s, request) {
    return { data: await s.metrics.track(request.caller, request.body) };
  },
});

export const shareMetrics = clientRoute({
  schema: call(
    closed({ email }, []),
    closed({ sent: { type: 'boolean' }, to: { type: 'string' }, metrics: { type: 'integer' } }),
  ),
  async handle(s, request) {
    const to = request.body.email?.trim().toLowerCase();
    return { data: await s.metrics.share(request.tenant, request.caller, to) };
  },
});
