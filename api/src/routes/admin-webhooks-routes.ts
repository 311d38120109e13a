// The tenant admin's webhooks out: endpoints (the secret in the answer of the calls that make one, and only
// there), their events, enabling, rotation, deletion, and each endpoint's delivery history with "Send again".
// The tenant is the admin session's; an id of another tenant's endpoint is a 404.
import { id, list } from '../../../contracts/rest/client.js';
import {
  deliveryPage,
  endpoint,
  listedEndpoint,
  newWebhook,
  webhookChange,
  withSecret,
} from '../../../contracts/rest/admin-webhooks.js';
import { adminRoute } from './route.js';
import { closed, integer, ok } from '../../../contracts/rest/pieces.js';

const byId = closed({ id });

export const webhooks = adminRoute({
  schema: {
    response: ok(list(listedEndpoint)),
  },
  async handle(s, request) {
    return { data: await s.webhooks.list(request.caller.tenantId) };
  },
});

export const addWebhook = adminRoute({
  schema: {
    body: newWebhook,
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
    body: webhookChange,
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
  schema: { params: byId, response: ok(closed({ id: integer })) },
  limited: true,
  async handle(s, request) {
    return { data: await s.webhooks.remove(request.caller, request.params.id) };
  },
});

export const webhookDeliveries = adminRoute({
  schema: {
    params: byId,
    querystring: closed({ page: { type: 'integer', minimum: 1, maximum: 100_000 } }, []),
    response: ok(deliveryPage),
  },
  async handle(s, request) {
    const { tenantId } = request.caller;
    return { data: await s.webhooks.deliveries(tenantId, request.params.id, request.query.page ?? 1) };
  },
});

export const sendDeliveryAgain = adminRoute({
  schema: {
    params: closed({ id, deliveryId: id }),
    response: ok(closed({ id: integer })),
  },
  limited: true,
  async handle(s, request) {
    const { id: endpointId, deliveryId } = request.params;
    return { data: await s.webhooks.sendAgain(request.caller.tenantId, endpointId, deliveryId) };
  },
});
