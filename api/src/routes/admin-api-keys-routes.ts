// The tenant admin's API keys: the list (never a key itself; `?created_by=` the keys one admin made, which
// their deactivation would stop), a new key (its one and only showing) and a revoke, effective at the next
// request on every instance (api-keys/api-key-service.ts). Making and revoking are audited.
import { id, list, text } from '../../../contracts/rest/client.js';
import { adminRoute } from './route.js';
import { closed, nullableString, ok, singleLine, string } from '../../../contracts/rest/pieces.js';

const scope = { type: 'string', enum: ['read', 'read-write'], ...singleLine } as const;

const apiKey = closed({
  id: { type: 'integer' },
  name: string,
  scope,
  prefix: string,
  /** Why a key does not work: revoked, or its maker deactivated or no longer an admin. */
  status: { type: 'string', enum: ['active', 'revoked', 'maker_deactivated', 'maker_not_admin'] },
  created_by: string,
  created_by_id: { type: 'integer' },
  created_at: string,
  last_used_at: nullableString,
  revoked_at: nullableString,
});

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
  async handle(s, request, reply) {
    return reply.code(201).send({ data: await s.apiKeys.create(request.caller, request.body) });
  },
});

export const revokeApiKey = adminRoute({
  schema: {
    params: closed({ id }),
    response: ok(closed({ revoked: { type: 'boolean' } })),
  },
  async handle(s, request) {
    await s.apiKeys.revoke(request.caller, request.params.id);
    return { data: { revoked: true } };
  },
});
