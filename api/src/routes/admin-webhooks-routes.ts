// The tenant admin's webhooks out: endpoints (the secret in the answer of the calls that make one, and only
// there), their events, enabling, rotation, deletion, and each endpoint's delivery history with "Send again".
// The tenant is the admin session's; an id of another tenant's endpoint is a 404.
import { EVENT_TYPES } from '../../../contracts/events.js';
import { dateTime, id, list } from '../../../contracts/rest/client.js';
import { adminRoute } from './route.js';
import { closed, line, nullableString, ok, singleLine } from '../../../contracts/rest/pieces.js';

const events = {
  anyOf: [
    { type: 'string', const: 'all', ...singleLine },
    {
      type: 'array',
      minItems: 1,
      uniqueItems: true,
      items: { type: 'string', enum: EVENT_TYPES, ...singleLine },
    },
  ],
  mismatch: 'Choose all events or at least one.',
} as const;

const endpoint = closed({
  id: { type: 'integer' },
  url: { type: 'string' },
  events,
  enabled: { type: 'boolean' },
  created_at: dateTime,
  secret_rotated_at: { type: ['string', 'null'], format: 'date-time' },
  // After a rotation, until when the old secret signs too (null: it no longer does).
  old_secret_expires_at: { type: ['string', 'null'], format: 'date-time' },
});

const withSecret = closed({ endpoint, secret: { type: 'string' } });

const delivery = closed({
  id: { type: 'integer' },
  event_id: { type: 'string' },
  type: { type: 'string' },
  status: { type: 'string', enum: ['pending', 'delivered', 'failed'] },
  attempts: { type: 'integer' },
  last_status_code: { type: ['integer', 'null'] },
  last_error: nullableString,
  last_attempt_at: { type: ['string', 'null'], format: 'date-time' },
  next_attempt_at: { type: ['string', 'null'], format: 'date-time' },
  created_at: dateTime,
});

const byId = closed({ id });

export const webhooks = adminRoute({
  schema: {
    response: ok(list(closed({ ...endpoint.properties, failed: { type: 'integer' } }))),
  },
  async handle(s, request) {
    return { data: await s.webhooks.list(request.caller.tenantId) };
  },
});

export const addWebhook = adminRoute({
  schema: {
    body: closed({ url: line(2000, { minLength: 1, pattern: '^\\S+$' }), events }),
    response: { 201: closed({ data: withSecret }) },
  },
  limited: true,
  async handle(s, request, reply) {
    return reply.code(201).send({ data: await s.webhooks.create(request.caller, request.body) });
  },
});

export const webhook = adminRoute({
  schema: { params: byId, response: ok(endpoint) },
  async handle(s, request) {
    return { data: await s.webhooks.get(request.caller.tenantId, request.params.id) };
  },
});

export const changeWebhook = adminRoute({
  schema: {
    params: byId,
    body: { ...closed({ events, enabled: { type: 'boolean' } }, []), minProperties: 1 },
    response: ok(endpoint),
  },
  limited: true,
  async handle(s, request) {
    return { data: await s.webhooks.change(request.caller, request.params.id, request.body) };
  },
});

export const rotateWebhookSecret = adminRoute({
  schema: { params: byId, response: ok(withSecret) },
  limited: true,
  async handle(s, request) {
    return { data: await s.webhooks.rotate(request.caller, request.params.id) };
  },
});

export const deleteWebhook = adminRoute({
  schema: { params: byId, response: ok(closed({ id: { type: 'integer' } })) },
  limited: true,
  async handle(s, request) {
    return { data: await s.webhooks.remove(request.caller, request.params.id) };
  },
});

export const webhookDeliveries = adminRoute({
  schema: {
    params: byId,
    querystring: closed({ page: { type: 'integer', minimum: 1, maximum: 100_000 } }, []),
    response: ok(
      closed({
        deliveries: list(delivery),
        page: { type: 'integer' },
        pages: { type: 'integer' },
        total: { type: 'integer' },
      }),
    ),
  },
  async handle(s, request) {
    const { tenantId } = request.caller;
    return { data: await s.webhooks.deliveries(tenantId, request.params.id, request.query.page ?? 1) };
  },
});

export const sendDeliveryAgain = adminRoute({
  schema: {
    params: closed({ id, deliveryId: id }),
    response: ok(closed({ id: { type: 'integer' } })),
  },
  limited: true,
  async handle(s, request) {
    const { id: endpointId, deliveryId } = request.params;
    return { data: await s.webhooks.sendAgain(request.caller.tenantId, endpointId, deliveryId) };
  },
});
