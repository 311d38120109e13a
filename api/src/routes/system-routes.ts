// Calls outside the tenant contract: liveness and readiness for orchestrators and load balancers, and
// Sanctum's CSRF cookie.
import { randomBytes } from 'node:crypto';
import { route } from './route.js';
import { closed, string } from '../../../contracts/rest/pieces.js';

// True if the check succeeds within `ms`: a probe must answer even while the database does not.
async function passes(check: () => Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([check().then(() => true), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

const healthData = closed({ status: string, database: string });

// Liveness: the process answers, so restarting it would not help; the database is reported, never a reason to
// fail (a liveness probe failing on a database outage would restart every instance for nothing).
export const health = route({
  roles: 'anyone',
  schema: { response: { 200: closed({ data: healthData }) } },
  async handle(s) {
    return { data: { status: 'ok', database: (await passes(s.ping, 1000)) ? 'up' : 'down' } };
  },
});

const readyData = closed({
  status: string,
  database: string,
  migrations: string,
});

// Readiness: send traffic here only while the database answers and its schema is the one this code expects
// (a newer release starting against an old schema, or migrations still running elsewhere, is not ready).
export const ready = route({
  roles: 'anyone',
  schema: {
    response: {
      200: closed({ data: readyData }),
      // Without data when the process itself is overloaded (infrastructure.ts) and answers before this runs.
      503: closed({ message: string, data: readyData }, ['message']),
    },
  },
  async handle(s, request, reply) {
    let pending: string[] | undefined;
    const database = await passes(async () => {
      await s.ping();
      pending = await s.pendingMigrations();
    }, 2000);
    if (database && pending?.length === 0)
      return { data: { status: 'ready', database: 'up', migrations: 'current' } };
    const migrations = pending === undefined ? 'unknown' : 'pending';
    const down = database ? `migrations pending (${pending?.join(', ')})` : 'database unreachable';
    request.log.warn({ database, pending }, `not ready: ${down}`);
    return reply.code(503).send({
      message: `Not ready: ${down}.`,
      data: { status: 'unavailable', database: database ? 'up' : 'down', migrations },
    });
  },
});

// The API authenticates with bearer tokens, which browsers never attach on their own, so cross-site request
// forgery does not apply; the cookie exists because the portal calls this first (SPEC §7).
export const csrfCookie = route({
  roles: 'anyone',
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
