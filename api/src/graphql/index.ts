// GraphQL at /gapi (mercurius). It lives in its own encapsulated scope so its hook, which authenticates the
// `token` header, runs for /gapi only. Resolvers take ids from the query but only ever answer for the caller.
import type { FastifyError, FastifyInstance } from 'fastify';
import { GraphQLError, type GraphQLResolveInfo } from 'graphql';
import mercurius from 'mercurius';
import type { MercuriusContext } from 'mercurius';
import { HttpError, outageOf, unavailable } from '../errors.js';
import { identify } from '../request-context.js';
import type { PluginRoutes } from '../routes/route.js';
import { allowRoles } from '../services/access/roles.js';
import type { Services } from '../services/index.js';
import { countUnreadEmails } from '../services/users/user-repository.js';
import { apiTypeDefs } from './api-schema.js';
import { groupResolvers } from './groups.js';
import { lessonMeetingResolvers } from './lesson-meetings.js';
import { mailboxResolvers } from './mailbox.js';
import { forbidden, owner } from './owner.js';
import { queryLimits } from './query-limits.js';
import type { MutationResolvers, QueryResolvers } from './schema-types.js';

const mailboxRoles = ['client', 'coach'] as const;

type AnyResolver = (root: unknown, args: never, ctx: MercuriusContext, info: GraphQLResolveInfo) => unknown;

/** Fields of the client's own portal (profile, groups, lessons): a coach's session is refused them. */
function clientOnly<R extends Record<string, AnyResolver>>(resolvers: R): R {
  const guarded = Object.entries(resolvers).map(([name, resolve]) => {
    const only: AnyResolver = (root, args, ctx, info) => {
      if (ctx.reply.request.caller.role !== 'client') throw forbidden();
      return resolve(root, args, ctx, info);
    };
    return [name, only];
  });
  return Object.fromEntries(guarded) as R;
}

/** GraphQL's GET and POST at the route table's url. */
export const graphql: PluginRoutes = {
  // The client portal's mailbox, groups and profile. The mailbox's fields act for the caller as a party of
  // their messages, so a coach uses them too; every other field is the client's own (clientOnly below).
  roles: mailboxRoles,
  async mount(app: FastifyInstance, services: Services, path: string): Promise<void> {
    const mailbox = mailboxResolvers(services);
    const groups = groupResolvers(services);
    await app.register(async (scope) => {
      scope.addHook('preHandler', async (request) => {
        await identify(services, request, 'token-header');
        allowRoles(mailboxRoles, request.caller);
      });
      await scope.register(mercurius, {
        path,
        schema: apiTypeDefs,
        graphiql: false,
        queryDepth: 6,
        validationRules: [queryLimits],
        // Compile a query to JavaScript after its first run: member/unreademails repeat on every page.
        jit: 1,
        // Outside execution: a bad query keeps GraphQL's { errors } answer; the hook's 401/419/403/404 and
        // any 5xx are rethrown to the app's error handler, so they look like every other route's.
        errorHandler: (error: FastifyError | HttpError, _request, reply) => {
          if (error instanceof HttpError || !error.statusCode || error.statusCode >= 500) throw error;
          const wrapped = new GraphQLError(error.message, { originalError: error });
          const { response } = mercurius.defaultErrorFormatter({ errors: [wrapped] }, {
            reply,
          } as MercuriusContext);
          // The refusal's own status (400 for parse and validation errors, 405 for a mutation by GET):
          // mercurius' formatter keeps it for one error only and answers 200 for two or more.
          void reply.code(error.statusCode).send(response);
        },
        // Typed from the schema (schema-types.ts): a field without its resolver, or a resolver that takes or
        // answers other than the schema says, does not compile.
        resolvers: {
          Query: {
            ...mailbox.Query,
            unreademails: (_root, args, ctx) => services.read(countUnreadEmails, owner(ctx, args.user_id)),
            ...clientOnly({
              member: (_root, args: { user_id: number }, ctx) =>
                services.login.profile(ctx.reply.request.tenant.id, owner(ctx, args.user_id).userId),
              ...lessonMeetingResolvers(services),
              ...groups.Query,
            }),
          } satisfies QueryResolvers,
          Mutation: { ...mailbox.Mutation, ...clientOnly(groups.Mutation) } satisfies MutationResolvers,
        },
        // Expected errors (ours, and GraphQL's own syntax and validation errors) keep their message; anything
        // else is a bug or an outage and must not show its text (it may hold SQL) to the caller.
        errorFormatter: (execution, ctx) => {
          // A resolver that met an outage (the database too slow or gone) answers like every other route: 503,
          // Retry-After and the message to try again (which the app shows), not a 500 "Internal server error".
          const down = execution.errors.map((error) => outageOf(error.originalError)).find(Boolean);
          if (down) {
            ctx.reply.request.log.warn({ err: down.cause }, `${down.dependency} unavailable`);
            void ctx.reply.header('retry-after', '5');
            const error = new GraphQLError(unavailable, { extensions: { code: 'SERVICE_UNAVAILABLE' } });
            return { statusCode: 503, response: { data: null, errors: [error] } };
          }
          // No data and no error at a path: the request was refused before anything ran. That is the
          // variable check of the one request that compiles a query with the JIT (mercurius skips its own
          // check there and graphql-jit reports it inside the result): 400, like the same request before
          // and after it, never the 200 of an execution result.
          const refused = !execution.data && execution.errors.every((error) => !error.path);
          const errors = execution.errors.map((error) => {
            const original = error.originalError;
            // GraphQL's own refusal of an argument (an explicit null where the schema says it must not be)
            // arrives as an execution error whose original is GraphQL's, not a bug's: its message stays. By
            // name: mercurius loads graphql's CommonJS build, whose class is not the one imported here.
            if (
              !original ||
              original instanceof mercurius.ErrorWithProps ||
              original.name === 'GraphQLError' ||
              'errors' in original
            )
              return error;
            ctx.reply.request.log.error({ err: original }, 'graphql resolver failed');
            const hidden = Object.assign(new Error('Internal server error'), { statusCode: 500 });
            return new GraphQLError(hidden.message, { path: error.path, originalError: hidden });
          });
          const formatted = mercurius.defaultErrorFormatter({ ...execution, errors }, ctx);
          return refused ? { ...formatted, statusCode: 400 } : formatted;
        },
      });
    });
  },
};
