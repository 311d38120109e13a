// Cross-cutting plugins every route gets, now and later: security headers, the CORS allow-list, a per-IP
// flood guard for the auth routes, one error handler and the 404 answer.
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyError, FastifyInstance } from 'fastify';
import { isDatabaseUnavailable } from './db/unavailable.js';
import { FieldError, HttpError, unavailable } from './errors.js';
import { fieldErrors } from './validation-errors.js';

interface InfrastructureOptions {
  /** Exact origins allowed to call the API from a browser (the tenants' https://<domain>). */
  origins: string[];
  /** Also allow http://localhost:* and http://127.0.0.1:* (development only). */
  allowLocalOrigins: boolean;
}

const localOrigin = /^http:\/\/(localhost|127\.0\.0\.1)(:\d{1,5})?$/;

export async function registerInfrastructure(
  app: FastifyInstance,
  options: InfrastructureOptions,
): Promise<void> {
  await app.register(helmet);
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
    methods: ['GET', 'POST'],
    allowedHeaders: ['Authorization', 'Content-Type', 'X-Tenant-Id', 'Token', 'X-XSRF-TOKEN'],
    maxAge: 600,
  });
  await app.register(rateLimit, { global: false });

  app.setErrorHandler((error: FastifyError | HttpError | FieldError, request, reply) => {
    if ('validation' in error && error.validation) {
      return reply
        .code(422)
        .send({ error: fieldErrors(error.validation, error.validationContext ?? 'body') });
    }
    if (error instanceof FieldError) return reply.code(422).send({ error: error.fields });
    if (error instanceof HttpError && error.retryAfterSeconds !== undefined) {
      reply.header('retry-after', String(error.retryAfterSeconds));
    }
    if (isDatabaseUnavailable(error)) {
      // An outage, not a bug: the caller may retry; the log says what failed.
      request.log.warn({ err: error }, 'database unavailable');
      return reply.code(503).header('retry-after', '5').send({ message: unavailable });
    }
    const status = error.statusCode ?? 500;
    // Our own errors carry messages written for the caller (a 503 included); Fastify's 4xx ones are safe too.
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
