// The tenant admin's API keys: the list (never a key itself), a new key (its one and only showing) and a
// revoke, effective at the next request on every instance (api-keys/api-key-service.ts).
import { authenticated, id, list, text } from './client-schemas.js';
import { admins, route } from './route.js';
import { closed, nullableString, ok, singleLine, tenantHeaders } from './schemas.js';

const scope = { type: 'string', enum: ['read', 'read-write'], ...singleLine } as const;
const string = { type: 'string' } as const;

const apiKey = closed({
  id: { type: 'integer' },
  name: string,
  scope,
  prefix: string,
  created_by: string,
  created_at: string,
  last_used_at: nullableString,
  revoked_at: nullableString,
});

export const apiKeys = route({
  roles: admins,
  schema: { headers: tenantHeaders, response: ok(list(apiKey)) },
  config: authenticated,
  async handle(s, request) {
    return { data: await s.apiKeys.list(request.caller.tenantId) };
  },
});

export const createApiKey = route({
  roles: admins,
  schema: {
    headers: tenantHeaders,
    body: closed({ name: text(100), scope }),
    response: {
      201: closed({
        data: closed({
          id: { type: 'integer' },
          key: string,
          prefix: string,
          name: string,
          scope,
          created_at: string,
        }),
      }),
    },
  },
  config: authenticated,
  async handle(s, request, reply) {
    return reply.code(201).send({ data: await s.apiKeys.create(request.caller, request.body) });
  },
});

export const revokeApiKey = route({
  roles: admins,
  schema: {
    headers: tenantHeaders,
    params: closed({ id }),
    response: ok(closed({ revoked: { type: 'boolean' } })),
  },
  config: authenticated,
  async handle(s, request) {
    await s.apiKeys.revoke(request.caller.tenantId, request.params.id);
    return { data: { revoked: true } };
  },
});
