// Who is calling, resolved once per request before the handler: the tenant from X-Tenant-Id (routes with
// config.tenant) and the caller from the bearer token (config.auth) or GraphQL's `token` header. A token only
// works with the tenant it was issued for. The integration API's caller is an API key instead (`key`), whose
// tenant is the key's: X-Tenant-Id is not read there, and a key is no session nor a session a key.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Tenant } from './db/database.js';
import { HttpError } from './errors.js';
import type { Services } from './services/index.js';
import type { Caller } from './services/auth/session-service.js';
import type { KeyCaller } from './services/api-keys/api-key-service.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    tenant?: boolean;
    auth?: boolean;
  }
  interface FastifyRequest {
    tenant: Tenant;
    caller: Caller;
    key: KeyCaller;
  }
}

function bearer(request: FastifyRequest): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

function tokenHeader(request: FastifyRequest): string | undefined {
  const value = request.headers.token;
  const token = Array.isArray(value) ? value[0] : value;
  return token?.replace(/^Bearer\s+/i, '') || undefined;
}

/** Resolves the tenant and, when `auth` says where the token is, the caller; throws 401/403/404/419. */
export async function identify(
  services: Services,
  request: FastifyRequest,
  auth: 'bearer' | 'token-header' | undefined,
): Promise<void> {
  const tenantId = Number(request.headers['x-tenant-id']);
  const tenant = Number.isSafeInteger(tenantId) ? await services.tenants.get(tenantId) : undefined;
  if (!tenant) throw new HttpError(404, 'Unknown tenant. Send the portal’s tenant id in X-Tenant-Id.');
  request.tenant = tenant;
  if (!auth) return;
  const token = auth === 'bearer' ? bearer(request) : tokenHeader(request);
  request.caller = await services.sessions.authenticate(token, tenant.id);
}

/**
 * The integration API's caller from its bearer key: 401 without a live key, 403 when the route writes and the
 * key only reads, 429 past the key's requests a minute. The tenant is the key's.
 */
export async function identifyKey(
  services: Services,
  request: FastifyRequest,
  write: boolean,
  perMinute: number,
): Promise<void> {
  const key = await services.apiKeys.authenticate(bearer(request));
  if (write && key.scope !== 'read-write')
    throw new HttpError(403, 'This API key may only read. An admin makes a read-write key in API keys.');
  await services.apiKeys.spend(key, perMinute);
  const tenant = await services.tenants.get(key.tenantId);
  if (!tenant) throw new HttpError(401, 'This API key belongs to no portal.');
  request.key = key;
  request.tenant = tenant;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * The deployment's operator (`portal admin invite`): the bearer must be the API's OPS_TOKEN, compared in
 * constant time. An API started without one answers every operator call 403, saying how to turn them on.
 */
export function identifyOperator(request: FastifyRequest, opsToken: string | undefined): void {
  if (!opsToken)
    throw new HttpError(
      403,
      'Operator calls are off on this API: start it with OPS_TOKEN set to turn them on.',
    );
  const given = bearer(request);
  if (!given || !timingSafeEqual(digest(given), digest(opsToken)))
    throw new HttpError(401, 'This is not the operator token of this API (its OPS_TOKEN).');
}

export function registerRequestContext(app: FastifyInstance, services: Services): void {
  // Declared up front so every request has the same shape; the hooks below fill them for the routes that ask,
  // and only those routes read them. A signed-in route finds its caller before validation, so who may call it
  // (its roles, routes/index.ts) is decided before anything about the body is answered; a route that only needs
  // the tenant keeps validating its headers first.
  app.decorateRequest('tenant');
  app.decorateRequest('caller');
  app.decorateRequest('key');
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.config.auth) await identify(services, request, 'bearer');
  });
  app.addHook('preHandler', async (request) => {
    const { tenant, auth } = request.routeOptions.config;
    if (tenant && !auth) await identify(services, request, undefined);
  });
  // Every answer to a signed-in caller (GraphQL's too) carries the user's version: a portal whose copy of the
  // user is older reads it again, so an admin's change reaches an open tab at its next request.
  app.addHook('onSend', async (request, reply) => {
    if (request.caller) reply.header('x-user-version', request.caller.userVersion);
  });
}
