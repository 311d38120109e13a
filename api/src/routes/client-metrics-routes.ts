// Business metrics: list, add and edit a metric, record a month of it (the monthly tracker) and mail them. A
// metric id of another client is a 404 and changes nothing.
import { call, list, noBody } from '../../../contracts/rest/client.js';
import {
  metric,
  metricUpdate,
  monthInput,
  newMetric,
  sharedMetrics,
  shareMetricsBody,
} from '../../../contracts/rest/metrics.js';
import { clientRoute } from './route.js';

export const metrics = clientRoute({
  schema: call(noBody, list(metric)),
  async handle(s, request) {
    return { data: await s.metrics.list(request.caller) };
  },
});

export const saveMetric = clientRoute({
  schema: call(newMetric, metric, 201),
  async handle(s, request, reply) {
    const data = await s.metrics.create(request.caller, request.body);
    return reply.code(201).send({ data });
  },
});

export const updateMetric = clientRoute({
  schema: call(metricUpdate, metric),
  async handle(s, request) {
    const { id: metricId, ...input } = request.body;
    return { data: await s.metrics.update(request.caller, metricId, input) };
  },
});

export const trackMonth = clientRoute({
  schema: call(monthInput, metric),
  async handle(s, request) {
    return { data: await s.metrics.track(request.caller, request.body) };
  },
});

export const shareMetrics = clientRoute({
  schema: call(shareMetricsBody, sharedMetrics),
  async handle(s, request) {
    const to = request.body.email?.trim().toLowerCase();
    return { data: await s.metrics.share(request.tenant, request.caller, to) };
  },
});
