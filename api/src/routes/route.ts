import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  HTTPMethods,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
} from 'fastify';
import type { Role } from '../services/access/roles.js';
import { tenantHeaders } from '../../../contracts/rest/pieces.js';
import type { Services } from '../services/index.js';

/**
 * Who may call a route: signed-in users of these roles (the registration refuses every other role with a 403),
 * or 'anyone' for the calls made before there is a session (sign-in, reset, health, Stripe's signed webhook),
 * or an API key's scope for the integration API, or the deployment's operator (the OPS_TOKEN).
 */
export type Roles =
  readonly [Role, ...Role[]] | 'anyone' | typeof readKeys | typeof writeKeys | typeof operators;

/** The client portal's own calls (SPEC §7): a coach or admin signed in is refused them. */
export const clients = ['client'] as const;
/** The coach's workspace. */
export const coaches = ['coach'] as const;
/** The tenant admin's screens. */
export const admins = ['admin'] as const;
/** Calls every signed-in user makes: their own profile, signing out, a message's attachments. */
export const everyone = ['client', 'coach', 'admin'] as const;
/** The integration API's reads: any API key of the tenant (never a session) may make them. */
export const readKeys = 'key:read';
/** The integration API's writes: a read-write key only; a read-only key is refused with a 403. */
export const writeKeys = 'key:read-write';
/** The operator of the deployment, with the API's OPS_TOKEN as the bearer: no tenant's user or key. */
export const operators = 'operator';

/** A request whose body, params, querystring and headers have the types its route's schema validates. */
type TypedRequest<S extends FastifySchema> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  S,
  JsonSchemaToTsProvider
>;

/** One entry of the route table: its schema, who may call it, and the handler. */
interface RouteSpec<S extends FastifySchema = FastifySchema> {
  /**
   * The route's own method and url, for a route its module declares whole: ./index.ts registers every such
   * export of the modules it lists, so a new route of an existing module is that export and nothing else.
   */
  at?: [HTTPMethods, string];
  schema: S;
  config?: FastifyContextConfig;
  roles: Roles;
  /** Calls that cost a password check, send a mail or store what a person typed get the per-IP flood guard. */
  limited?: boolean;
  /**
   * The handler runs even when the request does not match its schema, with `request.validationError` set: for a
   * batch whose rows are answered one by one (a row's field errors are that row's answer, not the call's 422).
   */
  attachValidation?: boolean;
  /** A multipart/form-data call: its parser, with these limits, is registered for it alone. */
  multipart?: { limits: { fileSize: number; files: number; fields: number; parts: number } };
  /**
   * The call also takes a form-encoded body (a mail client's RFC 8058 one-click unsubscribe): its parser is
   * registered for it alone, so no other route accepts a body a cross-site form could send.
   */
  form?: true;
  handle(services: Services, request: TypedRequest<S>, reply: FastifyReply): Promise<unknown>;
}

/** Declares a route: the handler's request is typed from the schema, so it needs no cast. */
export const route = <const S extends FastifySchema>(spec: RouteSpec<S>): RouteSpec<S> => spec;

/** What a signed-in route says of itself: everything but who may call it (its helper says that). */
type SignedInSpec<S extends FastifySchema> = Omit<RouteSpec<S>, 'roles'>;

/**
 * A route for a session of these roles: the bearer token is required (config.auth), the baked tenant id in
 * X-Tenant-Id is checked by the schema, and other roles get a 403. The route itself says only what differs.
 */
export const signedInRoute =
  (roles: readonly [Role, ...Role[]]) =>
  <const S extends FastifySchema>(spec: SignedInSpec<S>): RouteSpec<S> => ({
    ...spec,
    roles,
    config: { ...spec.config, auth: true },
    schema: { headers: tenantHeaders, ...spec.schema },
  });

/** A call of the client portal (SPEC §7). */
export const clientRoute = signedInRoute(clients);
/** A call of the coach's workspace. */
export const coachRoute = signedInRoute(coaches);
/** A call of the tenant admin's screens. */
export const adminRoute = signedInRoute(admins);
/** A call every signed-in person makes (their profile, signing out, a message's attachments). */
export const everyoneRoute = signedInRoute(everyone);

/**
 * A call of the integration API: an API key of the tenant is the caller (a read-only key may make 'read' calls
 * only), never a session, and the key names the tenant, so there is no tenant header.
 */
export const keyRoute = <const S extends FastifySchema>(
  scope: 'read' | 'read-write',
  spec: SignedInSpec<S>,
): RouteSpec<S> => ({ ...spec, roles: scope === 'read' ? readKeys : writeKeys });

/** Routes a plugin answers itself (mercurius owns GET and POST at its path), mounted at the table's url. */
export interface PluginRoutes {
  roles: Roles;
  mount(app: FastifyInstance, services: Services, url: string): Promise<void>;
}

/** One line of the route table: method(s), url, and the route or plugin that answers it. */
export type TableEntry = [HTTPMethods | HTTPMethods[], string, RouteSpec | PluginRoutes];

const declaresItsPath = (value: unknown): value is RouteSpec & { at: [HTTPMethods, string] } =>
  typeof value === 'object' && value !== null && 'at' in value && 'handle' in value;

/** The routes these modules declare with their own method and url (`at`), in the modules' order. */
export const declaredIn = (modules: readonly Record<string, unknown>[]): TableEntry[] =>
  modules.flatMap((module) =>
    Object.values(module)
      .filter(declaresItsPath)
      .map((spec): TableEntry => [spec.at[0], spec.at[1], spec]),
  );
