// Cross-cutting plugins every route gets, now and later: security headers, the CORS allow-list, a per-IP
// flood guard for the auth routes, load shedding, one error handler and the 404 answer.
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import underPressure from '@fastify/under-pressure';
import Fastify from 'fastify';
import type { FastifyError, FastifyInstance } from 'fastify';
import { getHeapStatistics } from 'node:v8';
import { FieldError, HttpError, outageOf, unavailable } from './errors.js';
import type { DependencyDown } from './errors.js';
import { fieldErrors } from './validation-errors.js';

interface InfrastructureOptions {
  /** Exact origins allowed to call the API from a browser (the tenants' https://<domain>). */
  origins: string[];
  /** Also allow http://localhost:*, http://<name>.localhost:* and http://127.0.0.1:* (development only). */
  allowLocalOrigins: boolean;
  pressure: PressureLimits;
  /** Where the flood guard counts: shared by every instance on the database (rate-limit-store.ts). */
  rateLimitStore: FastifyRateLimitStoreCtor;
}

/** Past either (sampled every second; 0 turns a check off) the API sheds load: 503 until the process catches up. */
export interface PressureLimits {
  /** Milliseconds the event loop lags behind. */
  maxEventLoopDelay: number;
  /** Bytes of JavaScript heap in use. */
  maxHeapUsedBytes: number;
  /**
   * How long after the server is ready a lagging event loop still sheds nothing (default two samples): the
   * first samples include start-up itself (the routes' schemas, the GraphQL schema, PGlite's first queries),
   * which is not load, and refusing /ready then only delays whoever waits for the server (npm start).
   */
  startupGraceMs?: number;
}

/** How often @fastify/under-pressure samples (its default, given explicitly so the grace can count on it). */
const SAMPLE_INTERVAL_MS = 1000;

/**
 * An event loop lagging over 1 s on average, or a heap at 90 % of V8's limit. Not how busy the loop is: PGlite
 * runs its queries on it, so a loop busy for a whole second is ordinary work there (a migration), not overload.
 */
export const defaultPressureLimits = (): PressureLimits => ({
  maxEventLoopDelay: 1000,
  maxHeapUsedBytes: Math.round(getHeapStatistics().heap_size_limit * 0.9),
});

/** The headers @fastify/helmet adds to an answer: the same answer with it, less the headers it has without. */
async function helmetHeaders(): Promise<Record<string, string>> {
  const answer = async (withHelmet: boolean) => {
    const probe = Fastify();
    if (withHelmet) await probe.register(helmet);
    probe.get('/', async () => 'probe');
    const res = await probe.inject('/');
    await probe.close();
    return res.headers;
  };
  const plain = await answer(false);
  const added = Object.entries(await answer(true)).filter(([name]) => !(name in plain));
  return Object.fromEntries(added.map(([name, value]) => [name, String(value)]));
}

// The local preview serves each tenant at http://<slug>.localhost:<port> (npm start, portal serve).
const localOrigin = /^http:\/\/((?:[a-z0-9-]+\.)*localhost|127\.0\.0\.1)(:\d{1,5})?$/;

export async function registerInfrastructure(
  app: FastifyInstance,
  options: InfrastructureOptions,
): Promise<void> {
  // @fastify/helmet builds helmet's middleware again on every request (re-reading its whole CSP, which showed
  // in the API's CPU profile under load); its headers never change here, so they are worked out once.
  const security = await helmetHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(security);
    done();
  });
  const allowed = new Set(options.origins);
  await app.register(cors, {
    // Only listed origins get CORS headers; anything else (including "null") gets none, never an echo.
    origin: (origin, callback) => {
      callback(
        null,
        origin !== undefined &&
          (allowed.has(origin) || (options.allowLocalOrigins && localOrigin.test(origin))),
      );
    },
    // PUT, PATCH, DELETE: a coach's availability and meeting types; DELETE also removes an outside calendar and
    // revokes a calendar feed.
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'X-Tenant-Id', 'Token', 'X-XSRF-TOKEN'],
    // The signed-in user's version (request-context.ts): the portal reads it to refresh its copy of the user.
    exposedHeaders: ['X-User-Version'],
    maxAge: 600,
  });
  await app.register(rateLimit, { global: false, store: options.rateLimitStore });
  // An overloaded process answering slowly makes every request slow and the backlog grow; refusing at once
  // with the same 503 as an outage lets clients retry and the balancer send them elsewhere.
  const { startupGraceMs = 2 * SAMPLE_INTERVAL_MS, ...limits } = options.pressure;
  let starting = true;
  app.addHook('onReady', (done) => {
    setTimeout(() => (starting = false), startupGraceMs).unref();
    done();
  });
  await app.register(underPressure, {
    ...limits,
    sampleInterval: SAMPLE_INTERVAL_MS,
    // Thrown, so the error handler below answers it like every other 503 (with Retry-After). Returning lets the
    // request through.
    pressureHandler: (request, _reply, type, value) => {
      if (starting && type === 'eventLoopDelay') return;
      request.log.warn({ type, value }, 'under pressure: request refused');
      throw new HttpError(503, unavailable, 10);
    },
  });

  app.setErrorHandler((error: FastifyError | HttpError | FieldError | DependencyDown, request, reply) => {
    if ('validation' in error && error.validation) {
      return reply
        .code(422)
        .send({ error: fieldErrors(error.validation, error.validationContext ?? 'body') });
    }
    if (error instanceof FieldError) return reply.code(422).send({ error: error.fields });
    if (error instanceof HttpError && error.retryAfterSeconds !== undefined) {
      reply.header('retry-after', String(error.retryAfterSeconds));
    }
    const down = outageOf(error);
    if (down) {
      // An outage, not a bug: the caller may retry; the log says what failed.
      request.log.warn({ err: down.cause }, `${down.dependency} unavailable`);
      return reply.code(503).header('retry-after', '5').send({ message: unavailable });
    }
    const status = error.statusCode ?? 500;
    // Our own errors carry messages written for the caller (a 503 included); Fastify's 4xx ones are safe too.
    if (error instanceof HttpError && error.reason)
      return reply.code(status).send({ message: error.message, reason: error.reason });
    if (error instanceof HttpError || status < 500)
      return reply.code(status).send({ message: error.message });
    // A bug or an outage: log everything, answer nothing the caller could use (no stack, SQL or path).
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({
      message: `Something went wrong on our side. Quote request id ${request.id} if you contact support.`,
      request_id: request.id,
    });
  });

  // While closing, answers carry `Connection: close`: a keep-alive client would otherwise hold its connection
  // (and so the shutdown) open after its last in-flight request is answered.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });

  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: 'Not found.' }));
}
