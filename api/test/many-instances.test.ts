// Two real API processes (`npm run api`'s server.ts) on one PostgreSQL server that this file starts, both
// started at once on the empty database, as a deploy of N instances does. Requests alternate between them and
// every limit holds across both, as if there were one: the per-IP flood guard, the login throttles, the OTP
// resend throttle, the per-user limits (a burst of 20 referrals, messages, uploads or shares sent to both at
// once stores exactly the limit), an Idempotency-Key replayed on the other instance, and an API key revoked
// through one refused at once by both. A session, a challenge and an upload made on one are used on the other;
// an admin's deactivation on one ends the person's session on both.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../src/db/create-db.js';
import type { Database } from '../src/db/database.js';
import { migrateToLatest, pendingMigrations } from '../src/db/migrate.js';
import { hashPassword } from '../src/services/auth/passwords.js';
import { loadTenantFiles } from '../src/services/tenants/tenant-files.js';
import { upsertTenants } from '../src/services/tenants/tenant-repository.js';
import { ALPHA, PASSWORD, fixtureTenants, nextIp } from './helpers/harness.js';
import { mailsTo, otpCode, waitForMail } from './helpers/mail.js';
import { otpLogin } from './helpers/otp-login.js';
import type { LoginPost } from './helpers/otp-login.js';
import { makeCoach } from './helpers/client-work.js';
import { PNG, insertEmails, insertUploads } from './helpers/mailbox.js';
import { multipart } from './helpers/multipart.js';
import { freePort, startPgCluster } from './helpers/pg-cluster.js';
import type { PgCluster } from './helpers/pg-cluster.js';
import { StripeStandIn } from './helpers/stripe-stand-in.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

interface Answer {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
  body: any;
}

interface CallOptions {
  ip: string;
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** One API process: its URL, its output (shown when it fails) and a way to call it. */
class Instance {
  output = '';
  constructor(
    readonly name: string,
    readonly url: string,
    readonly child: ChildProcess,
  ) {
    child.stdout?.on('data', (chunk) => (this.output += String(chunk)));
    child.stderr?.on('data', (chunk) => (this.output += String(chunk)));
  }

  /** Behind the balancer the API trusts (TRUST_PROXY), each call names its client in X-Forwarded-For. */
  async call(method: 'GET' | 'POST', path: string, options: CallOptions): Promise<Answer> {
    const headers: Record<string, string> = {
      'x-tenant-id': String(ALPHA),
      'x-forwarded-for': options.ip,
      ...options.headers,
    };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | Blob | undefined;
    if (Buffer.isBuffer(options.body)) body = new Blob([new Uint8Array(options.body)]);
    else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    const res = await fetch(this.url + path, { method, headers, body });
    const text = await res.text();
    const json = res.headers.get('content-type')?.includes('json') ? (JSON.parse(text) as unknown) : text;
    return { status: res.status, headers: res.headers, body: json };
  }
}

const stand = new StripeStandIn();
let cluster: PgCluster;
let db: Kysely<Database>;
let dir: string;
let mailDir: string;
let a: Instance;
let b: Instance;
let passwordHash: string;

async function startInstance(name: string): Promise<Instance> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: cluster.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      TENANTS_DIR: fixtureTenants,
      MAIL_DIR: mailDir,
      // One private-file store for all instances: an upload taken by one is downloaded through another.
      MAIL_STORAGE: join(dir, 'storage'),
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'error',
      STRIPE_SECRET_KEY: 'sk_test_portal',
      STRIPE_WEBHOOK_SECRET: 'whsec_portal_test_secret',
      STRIPE_API_URL: stand.url,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Instance(name, `http://127.0.0.1:${port}`, child);
}

/** Polls /ready until the instance says ready; fails with its output if it exits or never gets there. */
async function ready(instance: Instance): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (instance.child.exitCode !== null)
      throw new Error(`${instance.name} exited (${instance.child.exitCode}):\n${instance.output}`);
    const res = await fetch(`${instance.url}/ready`).catch(() => undefined);
    if (res?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${instance.name} never became ready:\n${instance.output}`);
}

beforeAll(async () => {
  await stand.start();
  cluster = await startPgCluster();
  dir = await mkdtemp(join(tmpdir(), 'portal-instances-'));
  mailDir = join(dir, 'mail');
  // Both at once on the empty database: each migrates at start, so they race for the migrator's lock.
  [a, b] = await Promise.all([startInstance('instance A'), startInstance('instance B')]);
  await Promise.all([ready(a), ready(b)]);
  db = createDb({ databaseUrl: cluster.url });
  passwordHash = await hashPassword(PASSWORD);
}, 120_000);

afterAll(async () => {
  for (const instance of [a, b]) {
    if (instance && instance.child.exitCode === null) {
      const exited = new Promise((resolve) => instance.child.once('exit', resolve));
      instance.child.kill('SIGTERM');
      await exited;
    }
  }
  await db?.destroy();
  cluster?.destroy();
  await stand.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

let users = 0;
async function createUser(fields: { role_id?: number } = {}) {
  const at = new Date();
  return db
    .insertInto('users')
    .values({
      tenant_id: ALPHA,
      email: `many${++users}.${Math.random().toString(36).slice(2, 8)}@example.test`,
      first_name: 'Many',
      last_name: `Instances ${users}`,
      password_hash: passwordHash,
      created_at: at,
      updated_at: at,
      ...fields,
    })
    .returning(['id', 'email'])
    .executeTakeFirstOrThrow();
}

type User = Awaited<ReturnType<typeof createUser>>;

/** The shared test helpers write rows through `db` at the real time, as these processes run on it. */
const helperView = {
  get db() {
    return db;
  },
  clock: { now: () => new Date(), advance: () => undefined },
};
const as = (user: User) => ({ user: { ...user, tenantId: ALPHA } });

/** POSTs to `instance` (the tenant is always ALPHA here), for the OTP login. */
const loginPost =
  (instance: Instance): LoginPost =>
  (url, ip, body) =>
    instance.call('POST', url, { ip, body });

/** loginotp on one instance, verifyOTP with the mailed code on the other: the challenge is the database's. */
const signIn = async (user: User, first = a, second = b): Promise<string> =>
  (
    await otpLogin(
      loginPost(first),
      loginPost(second),
      mailDir,
      { ...user, tenantId: ALPHA },
      nextIp(),
      PASSWORD,
    )
  ).token;

/** Instance A for even i, B for odd: every limit below is reached by alternating between them. */
const either = (i: number) => (i % 2 ? b : a);

/** A client of a new coach who sent `sent` messages half an hour ago, signed in: the client and a token. */
async function clientWhoSent(sent: number) {
  const coachUser = await createUser({ role_id: 2 });
  const client = await createUser();
  await makeCoach(helperView, coachUser.id, client.id);
  await insertEmails(helperView, as(client), as(coachUser), sent, Date.now() - 30 * 60_000);
  return { client, token: await signIn(client) };
}

const sendMessage = (instance: Instance, token: string, userId: number) =>
  instance.call('POST', '/gapi', {
    ip: nextIp(),
    headers: { token },
    body: {
      query: `mutation ($u: Int!) { sendEmail(user_id: $u, subject: "Hello", body: "<p>Hi</p>") { id } }`,
      variables: { u: userId },
    },
  });

function uploadPng(instance: Instance, token: string) {
  const { payload, contentType } = multipart({ file: { name: 'scan.png', type: 'image/png', bytes: PNG } });
  return instance.call('POST', '/upload/mail', {
    ip: nextIp(),
    token,
    body: payload,
    headers: { 'content-type': contentType },
  });
}

describe('starting two instances at once on an empty database', () => {
  it('ran each migration once, and both are ready on the current schema', async () => {
    const ran = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    const names = ran.rows.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toContain('0810-rate-limits');
    expect(await pendingMigrations(db)).toEqual([]);
    for (const instance of [a, b]) expect((await fetch(`${instance.url}/ready`)).status).toBe(200);
  });

  /** A new, empty database on the test's cluster: its URL. */
  async function emptyDatabase(name: string): Promise<string> {
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    return cluster.url.replace(/\/portal$/, `/${name}`);
  }

  it('two migrators racing on an empty database: one runs every migration, the other waits and finds none', async () => {
    const url = await emptyDatabase('portal_race');
    const pools = [createDb({ databaseUrl: url }), createDb({ databaseUrl: url })];
    try {
      const results = await Promise.all(pools.map((pool) => migrateToLatest(pool)));
      const counts = results.map((r) => r.length).sort((x, y) => x - y);
      expect(counts[0]).toBe(0);
      expect(counts[1]).toBeGreaterThan(0);
      expect(results.flat().every((line) => line.endsWith(': Success'))).toBe(true);
      expect(await pendingMigrations(pools[0]!)).toEqual([]);
    } finally {
      await Promise.all(pools.map((pool) => pool.destroy()));
    }
  });

  it('instances writing tenants/ to an empty table at once each start, and the table holds each tenant once', async () => {
    const url = await emptyDatabase('portal_tenants_race');
    const pools = [0, 1, 2, 3].map(() => createDb({ databaseUrl: url }));
    try {
      await migrateToLatest(pools[0]!);
      const tenants = await loadTenantFiles(fixtureTenants, { warn: () => {} });
      // Several rounds: a lost race was intermittent (two inserts of one tenant, the loser on the slug's index).
      for (let round = 0; round < 20; round++) {
        await sql`delete from tenants`.execute(pools[0]!);
        await Promise.all(pools.map((pool) => upsertTenants(pool, tenants)));
      }
      const rows = await pools[0]!.selectFrom('tenants').select('slug').orderBy('slug').execute();
      expect(rows.map((r) => r.slug)).toEqual(tenants.map((t) => t.slug).sort());
    } finally {
      await Promise.all(pools.map((pool) => pool.destroy()));
    }
  });
});

describe('the per-IP flood guard', () => {
  it('takes 60 error reports a minute from one address across both, then 429 on either', async () => {
    const ip = nextIp();
    const report = (instance: Instance) =>
      instance.call('POST', '/api/v1/users/error/logs/', {
        ip,
        body: { url: 'https://x.test/a', host: 'x.test', pathname: '/a', message: 'boom', subject: 'crash' },
      });
    for (let i = 0; i < 60; i++) expect((await report(either(i))).status).toBe(201);
    for (const instance of [a, b]) {
      const refused = await report(instance);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    const stored = await db.selectFrom('error_reports').select('id').where('ip', '=', ip).execute();
    expect(stored).toHaveLength(60);
    // Another address is not held back by this one.
    const other = await a.call('POST', '/api/v1/users/error/logs/', {
      ip: nextIp(),
      body: { url: 'https://x.test/a', host: 'x.test', pathname: '/a', message: 'boom', subject: 'crash' },
    });
    expect(other.status).toBe(201);
  });
});

describe('login throttles', () => {
  const attempt = (instance: Instance, email: string, password: string, ip = nextIp()) =>
    instance.call('POST', '/api/auth/loginotp', { ip, body: { email, password } });

  it('5 failures of one account across both lock it on both, even with the right password', async () => {
    const user = await createUser();
    for (let i = 0; i < 5; i++) expect((await attempt(either(i), user.email, 'nope nope')).status).toBe(422);
    for (const instance of [a, b]) {
      const blocked = await attempt(instance, user.email, PASSWORD);
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toMatch(/^Too many login attempts\. Try again in \d+ seconds\.$/);
    }
  });

  it('20 wrong passwords for one account sent to both at once: at most 5 are checked, the rest 429', async () => {
    const user = await createUser();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => attempt(either(i), user.email, 'nope nope')),
    );
    const checked = answers.filter((res) => res.status === 422).length;
    expect(answers.filter((res) => res.status === 429)).toHaveLength(20 - checked);
    expect(checked).toBeLessThanOrEqual(5);
    const failures = await db
      .selectFrom('auth_events')
      .select('id')
      .where('subject', '=', user.email)
      .execute();
    expect(failures).toHaveLength(checked);
  });

  it('20 failures from one address across both block it for every account', async () => {
    const ip = nextIp();
    for (let i = 0; i < 20; i++)
      expect((await attempt(either(i), `nobody${i}@example.test`, 'nope nope', ip)).status).toBe(422);
    const user = await createUser();
    for (const instance of [a, b])
      expect((await attempt(instance, user.email, PASSWORD, ip)).status).toBe(429);
    expect((await attempt(b, user.email, PASSWORD)).status).toBe(200);
  });
});

describe('the OTP resend throttle', () => {
  /** Moves the user's sent-mail events a minute and a second back, as if that time had passed. */
  const minuteLater = (user: User) =>
    db
      .updateTable('auth_events')
      .set({ created_at: sql<Date>`created_at - interval '61 seconds'` })
      .where('kind', '=', 'otp_sent')
      .where('subject', '=', String(user.id))
      .execute();

  it('6 resends sent to both at once a minute later: exactly one mail goes', async () => {
    const user = await createUser();
    const ip = nextIp();
    const started = await a.call('POST', '/api/auth/loginotp', {
      ip,
      body: { email: user.email, password: PASSWORD },
    });
    await waitForMail(mailDir, user.email, 1);
    await minuteLater(user);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        either(i).call('POST', '/api/auth/generateOTP', {
          ip,
          body: { user_id: user.id, challenge: started.body.data.challenge },
        }),
      ),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([200, 429, 429, 429, 429, 429]);
    await waitForMail(mailDir, user.email, 2);
    expect(await mailsTo(mailDir, user.email)).toHaveLength(2);
  });

  it('one mail a minute and 5 an hour per account across both; the last code signs in on the other', async () => {
    const user = await createUser();
    const ip = nextIp();
    const started = await a.call('POST', '/api/auth/loginotp', {
      ip,
      body: { email: user.email, password: PASSWORD },
    });
    expect(started.status).toBe(200);
    const challenge = started.body.data.challenge as string;
    const resend = (instance: Instance) =>
      instance.call('POST', '/api/auth/generateOTP', { ip, body: { user_id: user.id, challenge } });

    const tooSoon = await resend(b);
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.message).toMatch(/^Too many emails\. Try again in \d+ seconds\.$/);
    for (let i = 2; i <= 5; i++) {
      await minuteLater(user);
      expect((await resend(either(i))).status).toBe(200);
    }
    await minuteLater(user);
    for (const instance of [a, b]) {
      const sixth = await resend(instance);
      expect(sixth.status).toBe(429);
      // The hour's window, not the minute's gap: the first mail was sent about 5 minutes ago by this count.
      expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(60);
    }
    const last = otpCode(await waitForMail(mailDir, user.email, 5));
    expect(await mailsTo(mailDir, user.email)).toHaveLength(5);
    const verified = await b.call('POST', '/api/v1/verifyOTP', {
      ip,
      body: { user_id: user.id, challenge, otp: last },
    });
    expect(verified.status).toBe(200);
    const me = await a.call('GET', '/api/v1/me', { ip, token: verified.body.data.access_token });
    expect(me.status).toBe(200);
  });
});

describe('per-user limits', () => {
  it('5 support tickets an hour across both, then 429 on either and nothing stored', async () => {
    const user = await createUser();
    const token = await signIn(user);
    const ticket = (instance: Instance) =>
      instance.call('POST', '/api/v1/tickets', {
        ip: nextIp(),
        token,
        body: { subject: 'Cannot open my notes', message: 'The page stays empty.', category: 'technical' },
      });
    for (let i = 0; i < 5; i++) expect((await ticket(either(i))).status).toBe(201);
    for (const instance of [a, b]) expect((await ticket(instance)).status).toBe(429);
    const rows = await db.selectFrom('support_tickets').select('id').where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(5);
  });

  it('10 tickets sent to both at once store 5: the others are 429', async () => {
    const user = await createUser();
    const token = await signIn(user);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        either(i).call('POST', '/api/v1/tickets', {
          ip: nextIp(),
          token,
          body: { subject: 'Cannot open my notes', message: 'The page stays empty.' },
        }),
      ),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([
      201, 201, 201, 201, 201, 429, 429, 429, 429, 429,
    ]);
    const rows = await db.selectFrom('support_tickets').select('id').where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(5);
  });

  it('30 messages an hour across both: the 31st is refused on either', async () => {
    const { client, token } = await clientWhoSent(28);
    const send = (instance: Instance) => sendMessage(instance, token, client.id);
    for (const instance of [a, b]) {
      const sent = await send(instance);
      expect(sent.body.errors, JSON.stringify(sent.body)).toBeUndefined();
    }
    for (const instance of [a, b]) {
      const refused = await send(instance);
      expect(refused.status).toBe(429);
      expect(refused.body.errors[0].message).toMatch(/^Too many messages\. Try again in \d+ seconds\.$/);
    }
    const rows = await db.selectFrom('emails').select('id').where('from_user_id', '=', client.id).execute();
    expect(rows).toHaveLength(30);
  });

  it('60 uploads an hour across both; a file taken by one is downloaded through the other', async () => {
    const user = await createUser();
    await insertUploads(helperView, as(user), 58, Date.now() - 30 * 60_000);
    const token = await signIn(user);
    const upload = (instance: Instance) => uploadPng(instance, token);
    const taken = [];
    for (const instance of [a, b]) {
      const res = await upload(instance);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      taken.push(res.body.data.id as number);
    }
    for (const instance of [a, b]) {
      const refused = await upload(instance);
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(/^Too many uploads\. Try again in \d+ seconds\.$/);
    }
    const download = await fetch(`${b.url}/api/v1/mail/attachments/${taken[0]}`, {
      headers: { 'x-tenant-id': String(ALPHA), authorization: `Bearer ${token}` },
    });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(PNG);
    await db.deleteFrom('mail_attachments').where('uploader_id', '=', user.id).execute();
  });
});

describe('a burst of 20 from one user, sent to both instances at once', () => {
  /** 20 calls at once, alternating between the instances: how many were taken (2xx) and how many refused (429). */
  async function burst(call: (instance: Instance, i: number) => Promise<Answer>) {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => call(either(i), i)));
    const taken = answers.filter((res) => res.status === 200 || res.status === 201).length;
    const refused = answers.filter((res) => res.status === 429).length;
    return { taken, refused, others: answers.filter((res) => ![200, 201, 429].includes(res.status)) };
  }

  it('20 referrals store 10, the limit: the other 10 are 429', async () => {
    const user = await createUser();
    const token = await signIn(user);
    const result = await burst((instance, i) =>
      instance.call('POST', '/api/v1/testimonials/addreferral', {
        ip: nextIp(),
        token,
        body: { first_name: 'Rae', last_name: `Ferred ${i}`, email: `burst${i}.${user.id}@example.test` },
      }),
    );
    expect(result).toEqual({ taken: 10, refused: 10, others: [] });
    const rows = await db.selectFrom('referrals').select('id').where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(10);
  });

  it('20 messages after 20 this hour store 10, up to the limit of 30: the other 10 are 429', async () => {
    const { client, token } = await clientWhoSent(20);
    const result = await burst((instance) => sendMessage(instance, token, client.id));
    // GraphQL answers a refused mutation 429 too (and a sent one 200).
    expect(result).toEqual({ taken: 10, refused: 10, others: [] });
    const rows = await db.selectFrom('emails').select('id').where('from_user_id', '=', client.id).execute();
    expect(rows).toHaveLength(30);
  });

  it('20 uploads after 50 this hour store 10, up to the limit of 60: the other 10 are 429', async () => {
    const user = await createUser();
    await insertUploads(helperView, as(user), 50, Date.now() - 30 * 60_000);
    const token = await signIn(user);
    const result = await burst((instance) => uploadPng(instance, token));
    expect(result).toEqual({ taken: 10, refused: 10, others: [] });
    const rows = await db
      .selectFrom('mail_attachments')
      .select('id')
      .where('uploader_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(60);
    await db.deleteFrom('mail_attachments').where('uploader_id', '=', user.id).execute();
  });

  it('20 task-list shares and 20 metrics shares each store 5, the limit: the other 15 are 429', async () => {
    const user = await createUser();
    const token = await signIn(user);
    for (const list of ['task', 'metrics'] as const) {
      const result = await burst((instance, i) =>
        instance.call('POST', `/api/v1/coachingportal/${list}/share/`, {
          ip: nextIp(),
          token,
          body: { email: `partner${i}@example.test` },
        }),
      );
      expect(result, list).toEqual({ taken: 5, refused: 15, others: [] });
    }
    for (const table of ['task_shares', 'metric_shares'] as const) {
      const rows = await db.selectFrom(table).select('id').where('client_id', '=', user.id).execute();
      expect(rows, table).toHaveLength(5);
    }
  });
});

describe('an Idempotency-Key', () => {
  it('replayed on the other instance, even at the same moment, answers the same PaymentIntent: one charge', async () => {
    const user = await createUser();
    const token = await signIn(user);
    const at = new Date();
    const group = await db
      .insertInto('groups')
      .values({
        tenant_id: ALPHA,
        name: 'Profit Mastermind',
        slug: `profit-mastermind-${Math.random().toString(36).slice(2, 7)}`,
        currency: 'usd',
        price: 4900,
        group_type: 'paid',
        title: 'Profit Mastermind',
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const createIntent = (instance: Instance, key: string) =>
      instance.call('POST', '/integrations/stripe/create-intent', {
        ip: nextIp(),
        token,
        headers: { 'idempotency-key': key },
        body: { group_id: group.id },
      });
    for (const key of ['many-instances-one', 'many-instances-two']) {
      const intentsBefore = stand.intents.size;
      const [first, second] = await Promise.all([createIntent(a, key), createIntent(b, key)]);
      const third = await createIntent(a, key);
      const fourth = await createIntent(b, key);
      const answers = [first, second, third, fourth];
      for (const res of answers) expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(new Set(answers.map((res) => res.body.data.payment_intent_id)).size).toBe(1);
      expect(new Set(answers.map((res) => res.body.data.client_secret)).size).toBe(1);
      expect(stand.intents.size).toBe(intentsBefore + 1);
      const rows = await db
        .selectFrom('group_payments')
        .select('id')
        .where('user_id', '=', user.id)
        .where('idempotency_key', '=', key)
        .execute();
      expect(rows).toHaveLength(1);
    }
  });
});

describe('deactivation', () => {
  it("an admin's deactivation on one instance ends the person's session on both at once", async () => {
    const admin = await createUser({ role_id: 1 });
    const person = await createUser();
    const adminToken = await signIn(admin);
    const token = await signIn(person, b, a);
    const me = (instance: Instance) => instance.call('GET', '/api/v1/me', { ip: nextIp(), token });
    expect([(await me(a)).status, (await me(b)).status]).toEqual([200, 200]);
    const res = await b.call('POST', `/api/v1/admin/people/${person.id}/deactivate`, {
      ip: nextIp(),
      token: adminToken,
      body: {},
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect([(await me(a)).status, (await me(b)).status]).toEqual([401, 401]);
    const again = await a.call('POST', '/api/auth/loginotp', {
      ip: nextIp(),
      body: { email: person.email, password: PASSWORD },
    });
    expect(again.status).toBe(403);
  });
});

describe('an API key', () => {
  it('revoked through one instance is refused at once by both', async () => {
    const admin = await createUser({ role_id: 1 });
    const token = await signIn(admin);
    const made = await a.call('POST', '/api/v1/admin/api-keys', {
      ip: nextIp(),
      token,
      body: { name: 'Two instances', scope: 'read' },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const key = made.body.data.key as string;
    for (const instance of [a, b])
      expect(
        (await instance.call('GET', '/integration/v1/tickets', { ip: nextIp(), token: key })).status,
      ).toBe(200);
    const revoked = await b.call('POST', `/api/v1/admin/api-keys/${made.body.data.id}/revoke`, {
      ip: nextIp(),
      token,
      body: {},
    });
    expect(revoked.status).toBe(200);
    for (const instance of [a, b]) {
      const res = await instance.call('GET', '/integration/v1/tickets', { ip: nextIp(), token: key });
      expect(res.status).toBe(401);
    }
  });
});
