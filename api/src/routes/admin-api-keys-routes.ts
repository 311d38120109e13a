// The tenant admin's API keys: the list (never a key itself; `?created_by=` the keys one admin made, which
// their deactivation would stop), a new key (its one and only showing) and a revoke, effective at the next
// request on every instance (api-keys/api-key-service.ts). Making and revoking are audited.
import { id, list } from '../../../contracts/rest/client.js';
import { apiKey, madeKey, newKey } from '../../../contracts/rest/admin.js';
import { adminRoute } from './route.js';
import { boolean, closed, ok } from '../../../contracts/rest/pieces.js';

export const apiKeys = adminRoute({
  schema: {
    querystring: closed({ created_by: id }, []),
    response: ok(list(apiKey)),
  },
  async handle(s, request) {
    return { data: await s.apiKeys.list(request.caller.tenantId, request.query.created_by) };
  },
});

export const createApiKey = adminRoute({
  schema: {
    body: newKey,
    response: { 201: closed({ data: madeKey }) },
  },
  async handle(s, request, reply) {
    return reply.code(201).send({ data: await s.apiKeys.create(request.caller, request.body) });
  },
});

export const revokeApiKey = adminRoute({
  schema: {
    params: closed({ id }),
    response: ok(closed({ revoked: boolean })),
  },
  async handle(s, request) {
    await s.apiKeys.revoke(request.caller, request.params.id);
    return { data: { revoked: true } };
  },
});
