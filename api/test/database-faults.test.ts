// The API on a real PostgreSQL server that this file stops, restarts and locks: a request on a database that
// is down or too slow answers 503 with a message to retry (never a hang, a 500 or a crash), /health stays up
// and names the database, /ready says it is down, and everything works again once the server is back. A
// server that accepts connections but never answers is given up on after the connection timeout.
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { readConfig } from '../src/config.js';
import { createDb } from '../src/db/create-db.js';
import type { Database } from '../src/db/database.js';
import { migrateDown, migrateToLatest } from '../src/db/migrate.js';
import { isDatabaseUnavailable } from '../src/db/unavailable.js';
import { sha256 } from '../src/services/auth/secrets.js';
import { insertAccessToken } from '../src/services/auth/session-repository.js';
import { createStorage } from '../src/services/storage/storage.js';
import { fixtureTenants, nextIp } from './helpers/harness.js';
import { startPgCluster } from './helpers/pg-cluster.js';
import type { PgCluster } from './helpers/pg-cluster.js';

let cluster: PgCluster;
let db: Kysely<Database>;
let app: FastifyInstance;
let dir: string;
const idleLost: string[] = [];
const logs: string[] = [];

const unavailable = {
  message: 'The service is temporarily unavailable. Please try again in a few seconds.',
};

beforeAll(async () => {
  cluster = await startPgCluster();
  dir = await mkdtemp(join(tmpdir(), 'portal-faults-'));
  // The server's own timeouts (3 s for a connection, 4 s for a statement): what production runs with.
  db = createDb({
    databaseUrl: cluster.url,
    timeouts: readConfig({}).databaseTimeouts,
    onIdleError: (error) => void idleLost.push(error.message),
  });
  await migrateToLatest(db);
  app = await buildApp({
    db,
    tenantsDir: fixtureTenants,
    mail: { mailDir: join(dir, 'mail') },
    storage: createStorage(join(dir, 'storage')),
    logger: { level: 'warn', stream: { write: (line: string) => void logs.push(line) } },
  });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await db?.destroy();
  cluster?.destroy();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** A call that needs the database: a sign-in with an unknown address (422 while the database answers). */
const signIn = () =>
  app.inject({
    method: 'POST',
    url: '/api/auth/loginotp',
    headers: { 'x-tenant-id': '501' },
    remoteAddress: nextIp(),
    payload: { email: 'nobody@example.test', password: 'not a password' },
  });

const get = async (url: string) => {
  const res = await app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() as unknown };
};

/** Another session holds an exclusive lock on `table` for 10 s, so every statement on it waits. */
async function lockTable(
  table: 'users' | 'emails',
): Promise<{ client: pg.Client; held: Promise<unknown>; pid: number }> {
  const client = new pg.Client({ connectionString: cluster.url });
  // The stop below ends this session too; without a listener its error would end the test process.
  client.on('error', () => undefined);
  await client.connect();
  await client.query('BEGIN');
  await client.query(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`);
  const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  const held = client.query('SELECT pg_sleep(10)').catch((error: unknown) => error);
  return { client, held, pid: rows[0]!.pid };
}

/** Waits until a session of the app is blocked on a lock: the request is in flight inside the database. */
async function untilWaitingOnLock(observer: pg.Client): Promise<void> {
  for (;;) {
    const { rows } = await observer.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock'",
    );
    if (rows[0]!.n > 0) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('PostgreSQL faults', () => {
  it('while the database answers: /health and /ready are up, a sign-in is checked', async () => {
    expect(await get('/health')).toEqual({ status: 200, body: { data: { status: 'ok', database: 'up' } } });
    expect(await get('/ready')).toEqual({
      status: 200,
      body: { data: { status: 'ready', database: 'up', migrations: 'current' } },
    });
    expect((await signIn()).statusCode).toBe(422);
  });

  it('a statement stuck behind a 10 s lock is cancelled by the statement timeout: 503, then 422 once free', async () => {
    const lock = await lockTable('users');
    try {
      const res = await signIn();
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual(unavailable);
      expect(res.headers['retry-after']).toBe('5');
    } finally {
      // Ends the locking session early: its transaction and lock go with it.
      await db.executeQuery(sql`SELECT pg_terminate_backend(${lock.pid})`.compile(db));
      await lock.held;
      await lock.client.end().catch(() => undefined);
    }
    expect((await signIn()).statusCode).toBe(422);
  }, 30_000);

  it('a GraphQL resolver stuck behind a lock answers 503 with the same message, not "Internal server error"', async () => {
    // A caller with a session (rows written directly: this file's app has no sign-in helper), so /gapi's token
    // check passes and the statement that waits is the resolver's own.
    const at = new Date();
    const user = await db
      .insertInto('users')
      .values({
        tenant_id: 501,
        email: 'graphql-lock@example.test',
        first_name: 'Lock',
        last_name: 'Test',
        password_hash: 'x',
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = 'graphql-lock-token';
    await insertAccessToken(db, {
      tenant_id: 501,
      user_id: user.id,
      token_hash: sha256(token),
      client_label: null,
      at,
      expires_at: new Date(at.getTime() + 60 * 60_000),
    });
    const unread = () =>
      app.inject({
        method: 'POST',
        url: '/gapi',
        headers: { 'x-tenant-id': '501', token },
        payload: { query: `{ unreademails(user_id: ${user.id}) }` },
      });
    expect((await unread()).json()).toEqual({ data: { unreademails: 0 } });
    const lock = await lockTable('emails');
    try {
      const res = await unread();
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        data: null,
        errors: [{ message: unavailable.message, extensions: { code: 'SERVICE_UNAVAILABLE' } }],
      });
      expect(res.headers['retry-after']).toBe('5');
    } finally {
      await db.executeQuery(sql`SELECT pg_terminate_backend(${lock.pid})`.compile(db));
      await lock.held;
      await lock.client.end().catch(() => undefined);
    }
    expect((await unread()).json()).toEqual({ data: { unreademails: 0 } });
    expect(logs.some((line) => line.includes('"msg":"graphql resolver failed"'))).toBe(false);
  }, 30_000);

  it('the server stopped during a request, then down, then started again: 503s, no crash, then it recovers', async () => {
    const observer = new pg.Client({ connectionString: cluster.url });
    await observer.connect();
    const lock = await lockTable('users');
    const inFlight = signIn();
    await untilWaitingOnLock(observer);
    await observer.end();
    cluster.stop();
    await Promise.all([lock.held, lock.client.end().catch(() => undefined)]);

    const during = await inFlight;
    expect(during.statusCode).toBe(503);
    expect(during.json()).toEqual(unavailable);

    // Down: every call that needs the database is refused the same way; liveness stays up and says why.
    const refused = await signIn();
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual(unavailable);
    expect(await get('/health')).toEqual({ status: 200, body: { data: { status: 'ok', database: 'down' } } });
    expect(await get('/ready')).toEqual({
      status: 503,
      body: {
        message: 'Not ready: database unreachable.',
        data: { status: 'unavailable', database: 'down', migrations: 'unknown' },
      },
    });

    cluster.start();
    // The same app, pool and process: new connections replace the ones the restart ended.
    expect(await get('/ready')).toEqual({
      status: 200,
      body: { data: { status: 'ready', database: 'up', migrations: 'current' } },
    });
    expect((await signIn()).statusCode).toBe(422);
    // Outages are logged as such (warnings), never as a failed request (a bug).
    expect(logs.some((line) => line.includes('"msg":"database unavailable"'))).toBe(true);
    expect(logs.some((line) => line.includes('"msg":"request failed"'))).toBe(false);
  }, 60_000);
});

describe('a server that accepts connections but never answers', () => {
  it('a query gives up after the connection timeout with an error the API answers 503 for', async () => {
    // A black hole where PostgreSQL should be (a hung host, a half-open firewall): TCP connects, nothing comes back.
    const sockets: Socket[] = [];
    const hole = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => hole.listen(0, '127.0.0.1', resolve));
    const { port } = hole.address() as AddressInfo;
    const stuck = createDb({
      databaseUrl: `postgres://postgres@127.0.0.1:${port}/portal`,
      timeouts: { connectMs: 300, statementMs: 1000 },
    });
    try {
      const error = await stuck
        .selectFrom('tenants')
        .select('id')
        .execute()
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(error).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      await stuck.destroy();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => hole.close(() => resolve()));
    }
  });
});

describe('readiness and migrations', () => {
  it('a schema behind this code is up but not ready: 503 naming the pending migration, ready once run', async () => {
    const [undone] = await migrateDown(db);
    const last = /^Down (.+): Success$/.exec(undone ?? '')?.[1];
    expect(last).toBeDefined();
    expect(await get('/ready')).toEqual({
      status: 503,
      body: {
        message: `Not ready: migrations pending (${last}).`,
        data: { status: 'unavailable', database: 'up', migrations: 'pending' },
      },
    });
    await migrateToLatest(db);
    expect((await get('/ready')).status).toBe(200);
  });
});
