// Registers the route table with Fastify: who may call each route (a session's role, an API key's scope or the
// operator) is checked before validation, a limited route gets the per-IP flood guard, and a multipart route
// (or a form-encoded one) its parser in a scope of its own.
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { identifyKey, identifyOperator } from '../request-context.js';
import { allowRoles } from '../services/access/roles.js';
import type { Services } from '../services/index.js';
import { routeTable } from './index.js';
import type { Roles } from './route.js';
import { operators, readKeys, writeKeys } from './route.js';

export interface RouteOptions {
  /** Requests per minute per IP to each limited route. */
  authRequestsPerMinute: number;
  /** Requests per minute per API key, over the whole integration API. */
  keyRequestsPerMinute: number;
  /** The deployment operator's bearer token (OPS_TOKEN); unset, the operator's routes answer 403. */
  opsToken?: string | undefined;
}

type RouteTable = typeof routeTable;

/**
 * The entries of a route table that do not say who may call them: no `roles`, or roles that do not match the
 * route's session (a signed-in route names its roles; 'anyone' is for routes without a session).
 */
export function undeclaredRoles(table: RouteTable): string[] {
  return table.flatMap(([method, url, spec]) => {
    const where = `${[method].flat().join(',')} ${url}`;
    const roles: unknown = spec.roles;
    if (roles === 'anyone')
      return 'mount' in spec || !spec.config?.auth ? [] : [`${where}: signed in, for anyone`];
    if (roles === readKeys || roles === writeKeys || roles === operators)
      return 'mount' in spec || spec.config?.auth ? [`${where}: ${roles}'s route with a session`] : [];
    if (!Array.isArray(roles) || roles.length === 0) return [`${where}: no roles`];
    return 'mount' in spec || spec.config?.auth ? [] : [`${where}: roles without a session`];
  });
}

/** The check before validation: a key's scope, or (after the app's hook found the session) the caller's role. */
function whoMayCall(roles: Exclude<Roles, 'anyone'>, options: RouteOptions, services: Services) {
  if (roles === readKeys || roles === writeKeys)
    return (request: FastifyRequest) =>
      identifyKey(services, request, roles === writeKeys, options.keyRequestsPerMinute);
  if (roles === operators)
    return async (request: FastifyRequest) => identifyOperator(request, options.opsToken);
  return async (request: FastifyRequest) => allowRoles(roles, request.caller);
}

export async function registerRoutes(app: FastifyInstance, services: Services, options: RouteOptions) {
  const undeclared = undeclaredRoles(routeTable);
  if (undeclared.length > 0) throw new Error(`Routes without their roles: ${undeclared.join('; ')}`);
  for (const [method, url, spec] of routeTable) {
    // A plugin (GraphQL) identifies its caller in its own scope, so it refuses other roles there too.
    if ('mount' in spec) {
      await spec.mount(app, services, url);
      continue;
    }
    const { roles } = spec;
    const rateLimit = spec.limited ? { max: options.authRequestsPerMinute, timeWindow: 60_000 } : undefined;
    const add = (scope: FastifyInstance) =>
      scope.route({
        method,
        url,
        schema: spec.schema,
        config: { ...spec.config, ...(rateLimit && { rateLimit }) },
        ...(spec.attachValidation && { attachValidation: true }),
        ...(roles !== 'anyone' && { preValidation: whoMayCall(roles, options, services) }),
        handler: (request, reply) => spec.handle(services, request, reply),
      });
    // A multipart call gets the parser in a scope of its own: elsewhere a multipart body stays a 415.
    if (spec.multipart) {
      const limits = spec.multipart.limits;
      await app.register(async (scope) => {
        await scope.register(multipart, { limits });
        add(scope);
      });
    } else if (spec.form) {
      await app.register(async (scope) => {
        scope.addContentTypeParser(
          'application/x-www-form-urlencoded',
          { parseAs: 'string' },
          (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
        );
        // No body at all (the app's confirm, a mail client that posts nothing) is an empty form.
        scope.addHook('preValidation', async (request) => {
          request.body ??= {};
        });
        add(scope);
      });
    } else add(app);
  }
}
