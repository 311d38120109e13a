// Who is calling, resolved once per request before the handler: the tenant from X-Tenant-Id (routes with
// config.tenant) and the caller from the bearer token (config.auth) or GraphQL's `token` header. A token only
// works with the tenant it was issued for.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Tenant } from './db/database.js';
import { HttpError } from './errors.js';
import type { Services } from './services/index.js';
import type { Caller } from './services/auth/session-service.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    tenant?: boolean;
    auth?: boolean;
  }
  interface FastifyRequest {
    tenant: Tenant;
    caller: Caller;
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

export function registerRequestContext(app: FastifyInstance, services: Services): void {
  // Declared up front so every request has the same shape; the hooks below fill them for the routes that ask,
  // and only those routes read them. A signed-in route finds its caller before validation, so who may call it
  // (its roles, routes/index.ts) is decided before anything about the body is answered; a route that only needs
  // the tenant keeps validating its headers first.
  app.decorateRequest('tenant');
  app.decorateRequest('caller');
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.config.auth) await identify(services, request, 'bearer');
  });
  app.addHook('preHandler', async (request) => {
    const { tenant, auth } = request.routeOptions.config;
    if (tenant && !auth) await identify(services, request, undefined);
  });
}
