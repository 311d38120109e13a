// Calls outside the tenant contract: readiness for load balancers, and Sanctum's CSRF cookie.
import { randomBytes } from 'node:crypto';
import { route } from './route.js';
import { closed } from './schemas.js';

export const health = route({
  schema: {
    response: {
      200: closed({ data: closed({ status: { type: 'string' }, database: { type: 'string' } }) }),
      503: closed({
        message: { type: 'string' },
        data: closed({ status: { type: 'string' }, database: { type: 'string' } }),
      }),
    },
  },
  async handle(s, request, reply) {
    try {
      await s.ping();
      return { data: { status: 'ok', database: 'up' } };
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      return reply
        .code(503)
        .send({ message: 'Database unavailable.', data: { status: 'unavailable', database: 'down' } });
    }
  },
});

// The API authenticates with bearer tokens, which browsers never attach on their own, so cross-site request
// forgery does not apply; the cookie exists because the portal calls this first (SPEC §7).
export const csrfCookie = route({
  schema: { response: { 204: { type: 'null' } } },
  async handle(_s, request, reply) {
    const secure = request.protocol === 'https' ? '; Secure' : '';
    reply.header(
      'set-cookie',
      `XSRF-TOKEN=${randomBytes(32).toString('base64url')}; Path=/; Max-Age=7200; SameSite=Lax${secure}`,
    );
    return reply.code(204).send();
  },
});
