// The integration API and its keys, through the API on a real migrated database (PGlite, or PostgreSQL through
// scripts/with-postgres.sh) with the seeded fixture tenants: an admin makes a key (shown once, kept hashed),
// the key reaches its own tenant and nothing of another, a read-only key cannot write, a revoke ends a key at
// once on every instance, each key has its own requests a minute, the lists page completely and stably, and
// the OpenAPI file describes every integration route and passes an OpenAPI validator.
import { validate } from '@readme/openapi-parser';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../src/services/auth/secrets.js';
import { routeTable } from '../src/routes/index.js';
import { keyCall, makeApiKey } from './helpers/api-keys.js';
import { as, seedFixtures } from './helpers/coach.js';
import { ALPHA, BETA, Harness } from './helpers/harness.js';
import type { Person } from './helpers/sign-in.js';
import { demoUser, signIn } from './helpers/sign-in.js';

const h = new Harness();
let admin: Person;
let betaAdmin: Person;

beforeAll(async () => {
  await h.start({ keyRequestsPerMinute: 1000 });
  await seedFixtures(h);
  admin = await signIn(h, { demo: 'admin' });
  betaAdmin = await signIn(h, { demo: 'admin', tenant: BETA });
});
afterAll(() => h.stop());

const makeKey = (who: Person, scope: 'read' | 'read-write' = 'read-write', name = 'CRM') =>
  makeApiKey(h, { token: who.token, tenantId: who.user.tenantId }, scope, name);

const withKey = (
  key: string,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  app: FastifyInstance = h.app,
  headers: Record<string, string> = {},
) => keyCall(app, key, method, url, body, headers);

async function ticketFor(userId: number, tenant: number, at: Date, subject = 'Invoice question') {
  return h.db
    .insertInto('support_tickets')
    .values({
      tenant_id: tenant,
      user_id: userId,
      request_id: `req-${Math.random()}`,
      category: 'Billing',
      subject,
      message: 'Where is my invoice?',
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

describe('API keys', () => {
  it('an admin makes a key shown once: the list has its prefix, the database only its hash', async () => {
    const made = await makeKey(admin, 'read', 'Course platform');
    expect(made.key).toMatch(/^pk_live_[A-Za-z0-9_-]{43}$/);
    expect(made.key.startsWith(made.prefix)).toBe(true);
    const listed = await as(h, admin, 'GET', '/api/v1/admin/api-keys');
    const entry = listed.json().data.find((k: { id: number }) => k.id === made.id);
    expect(entry).toMatchObject({
      name: 'Course platform',
      scope: 'read',
      prefix: made.prefix,
      revoked_at: null,
    });
    expect(JSON.stringify(listed.json())).not.toContain(made.key);
    const row = await h.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', made.id)
      .executeTakeFirstOrThrow();
    expect(row.key_hash).toBe(sha256(made.key));
    expect(JSON.stringify(row)).not.toContain(made.key);
  });

  it('a coach or a client cannot use the key routes, and an admin of one tenant cannot revoke another’s key', async () => {
    const coach = await signIn(h, { demo: 'coach' });
    const client = await signIn(h, { demo: 'client' });
    for (const who of [coach, client]) {
      expect((await as(h, who, 'GET', '/api/v1/admin/api-keys')).statusCode).toBe(403);
      const made = await as(h, who, 'POST', '/api/v1/admin/api-keys', { name: 'x', scope: 'read' });
      expect(made.statusCode).toBe(403);
    }
    const alphaKey = await makeKey(admin);
    const revoke = await as(h, betaAdmin, 'POST', `/api/v1/admin/api-keys/${alphaKey.id}/revoke`);
    expect(revoke.statusCode).toBe(404);
    expect((await withKey(alphaKey.key, 'GET', '/integration/v1/tickets')).statusCode).toBe(200);
    const betaList = await as(h, betaAdmin, 'GET', '/api/v1/admin/api-keys');
    expect(betaList.json().data.map((k: { id: number }) => k.id)).not.toContain(alphaKey.id);
  });

  it('last used is written on use, and not again within the minute', async () => {
    const made = await makeKey(admin, 'read');
    const lastUsed = async () =>
      (
        await h.db
          .selectFrom('api_keys')
          .select('last_used_at')
          .where('id', '=', made.id)
          .executeTakeFirstOrThrow()
      ).last_used_at;
    expect(await lastUsed()).toBeNull();
    await withKey(made.key, 'GET', '/integration/v1/tickets');
    const first = await lastUsed();
    expect(first).toEqual(h.clock.now());
    h.clock.advance(30_000);
    await withKey(made.key, 'GET', '/integration/v1/tickets');
    expect(await lastUsed()).toEqual(first);
    h.clock.advance(31_000);
    await withKey(made.key, 'GET', '/integration/v1/tickets');
    expect(await lastUsed()).toEqual(h.clock.now());
  });
});

describe('who a key is', () => {
  it('a key of tenant A reaches nothing of tenant B, whatever X-Tenant-Id says', async () => {
    const alphaClient = await demoUser(h, 'client');
    const betaClient = await demoUser(h, 'client', BETA);
    const mine = await ticketFor(alphaClient.id, ALPHA, h.clock.now(), 'Alpha ticket');
    const theirs = await ticketFor(betaClient.id, BETA, h.clock.now(), 'Beta ticket');
    const { key } = await makeKey(admin);
    for (const headers of [{}, { 'x-tenant-id': String(BETA) }] as Record<string, string>[]) {
      for (const what of [
        'messages',
        'files',
        'tickets',
        'testimonials',
        'referrals',
        'payments',
        'lesson-progress',
      ]) {
        const seen: {
          client_email?: string;
          from_email?: string;
          to_email?: string;
          uploader_email?: string;
        }[] = [];
        let cursor: string | null = null;
        do {
          const url = `/integration/v1/${what}?limit=200${cursor ? `&cursor=${cursor}` : ''}`;
          const res = await withKey(key, 'GET', url, undefined, h.app, headers);
          expect(res.statusCode, `${what}: ${res.body}`).toBe(200);
          seen.push(...res.json().data);
          cursor = res.json().next_cursor;
        } while (cursor);
        const emails = seen.flatMap((r) => [r.client_email, r.from_email, r.to_email, r.uploader_email]);
        expect(
          emails.filter((e) => e?.endsWith('@beta.test')),
          what,
        ).toEqual([]);
      }
      const tickets = await withKey(
        key,
        'GET',
        '/integration/v1/tickets?limit=200',
        undefined,
        h.app,
        headers,
      );
      const ids = tickets.json().data.map((t: { id: number }) => t.id);
      expect(ids).toContain(mine.id);
      expect(ids).not.toContain(theirs.id);
    }
    // Writing for tenant B's people: no such coach or client in the key's tenant.
    const before = await h.db.selectFrom('meetings').select('id').execute();
    const res = await withKey(key, 'POST', '/integration/v1/meetings', {
      coach_email: 'coach@beta.test',
      client_email: 'client@beta.test',
      title: 'Across portals',
      start: '2031-05-06T10:00',
      duration_minutes: 30,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toContain('coach_email');
    expect(await h.db.selectFrom('meetings').select('id').execute()).toEqual(before);
  });

  it('a read-only key cannot write: 403 and nothing stored', async () => {
    const { key } = await makeKey(admin, 'read');
    const emails = await h.db.selectFrom('emails').select('id').execute();
    const res = await withKey(key, 'POST', '/integration/v1/messages', {
      coach_email: 'coach@alpha.test',
      client_email: 'client@alpha.test',
      subject: 'From the CRM',
      body: 'Hello',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/may only read/);
    expect(await h.db.selectFrom('emails').select('id').execute()).toEqual(emails);
  });

  it('a read-write key sends a message and books a meeting as the coach, for their own client only', async () => {
    const { key } = await makeKey(admin);
    const client = await demoUser(h, 'client');
    const coach = await demoUser(h, 'coach');
    const sent = await withKey(key, 'POST', '/integration/v1/messages', {
      coach_email: 'coach@alpha.test',
      client_email: 'client@alpha.test',
      subject: 'Your plan for May',
      body: 'Here is the plan.',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const row = await h.db
      .selectFrom('emails')
      .select(['from_user_id', 'to_user_id', 'tenant_id'])
      .where('id', '=', sent.json().data.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ from_user_id: coach.id, to_user_id: client.id, tenant_id: ALPHA });
    const booked = await withKey(key, 'POST', '/integration/v1/meetings', {
      coach_email: 'coach@alpha.test',
      client_email: 'client@alpha.test',
      title: 'Kick-off',
      place: 'The Riverside office',
      start: '2031-05-06T10:00',
      duration_minutes: 45,
    });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json().data.title).toBe('Kick-off');
    // client2 is coach2's: the coach service's own rule refuses it.
    const other = await withKey(key, 'POST', '/integration/v1/messages', {
      coach_email: 'coach@alpha.test',
      client_email: 'client2@alpha.test',
      subject: 'Not mine',
      body: 'x',
    });
    expect(other.statusCode).toBe(404);
  });

  it('a session cannot call the integration API, nor a key the session routes', async () => {
    const { key } = await makeKey(admin);
    expect((await withKey(admin.token, 'GET', '/integration/v1/tickets')).statusCode).toBe(401);
    // A key of the right form that no tenant has: 401 with what to send, not a failure of the server.
    const unknown = await withKey(`pk_live_${'A'.repeat(43)}`, 'GET', '/integration/v1/tickets');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe(
      'Send a valid API key as "Authorization: Bearer <key>". An admin makes one in API keys.',
    );
    expect((await h.call('GET', '/integration/v1/tickets')).statusCode).toBe(401);
    const asSession = await h.call('GET', '/api/v1/admin/api-keys', { tenant: ALPHA, token: key });
    expect(asSession.statusCode).toBe(401);
  });
});

describe('a revoke on every instance', () => {
  it('a revoked key fails at once on both instances of one database', async () => {
    const other = await h.build({ keyRequestsPerMinute: 1000 });
    try {
      const made = await makeKey(admin);
      for (const app of [h.app, other])
        expect((await withKey(made.key, 'GET', '/integration/v1/tickets', undefined, app)).statusCode).toBe(
          200,
        );
      const revoked = await as(h, admin, 'POST', `/api/v1/admin/api-keys/${made.id}/revoke`);
      expect(revoked.statusCode).toBe(200);
      for (const app of [h.app, other]) {
        const res = await withKey(made.key, 'GET', '/integration/v1/tickets', undefined, app);
        expect(res.statusCode).toBe(401);
        expect(res.json().message).toBe('This API key has been revoked.');
      }
      expect((await as(h, admin, 'POST', `/api/v1/admin/api-keys/${made.id}/revoke`)).statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });
});

describe('requests a minute per key', () => {
  it('each key has its own allowance, shared by every instance: past it 429 with Retry-After', async () => {
    const [one, two] = [
      await h.build({ keyRequestsPerMinute: 3 }),
      await h.build({ keyRequestsPerMinute: 3 }),
    ];
    try {
      const first = await makeKey(admin, 'read', 'busy');
      const second = await makeKey(admin, 'read', 'quiet');
      const statuses = [];
      for (let i = 0; i < 4; i++)
        statuses.push(
          (await withKey(first.key, 'GET', '/integration/v1/tickets', undefined, i % 2 ? two : one))
            .statusCode,
        );
      expect(statuses).toEqual([200, 200, 200, 429]);
      const refused = await withKey(first.key, 'GET', '/integration/v1/tickets', undefined, one);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect((await withKey(second.key, 'GET', '/integration/v1/tickets', undefined, two)).statusCode).toBe(
        200,
      );
    } finally {
      await one.close();
      await two.close();
    }
  });
});

describe('cursor pagination', () => {
  it('pages through every row once, in a stable order, with rows added meanwhile at the end; since filters', async () => {
    const client = await demoUser(h, 'client3');
    const start = h.clock.now().getTime() + 3_600_000;
    // Several share one time: the id breaks the tie.
    for (let i = 0; i < 23; i++)
      await ticketFor(client.id, ALPHA, new Date(start + Math.floor(i / 3) * 1000), `T${i}`);
    const { key } = await makeKey(admin, 'read');
    const since = new Date(start).toISOString();
    const all = await h.db
      .selectFrom('support_tickets')
      .select('id')
      .where('tenant_id', '=', ALPHA)
      .where('created_at', '>=', new Date(start))
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url = `/integration/v1/tickets?limit=5&since=${encodeURIComponent(since)}${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await withKey(key, 'GET', url);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.length).toBeLessThanOrEqual(5);
      seen.push(...res.json().data.map((t: { id: number }) => t.id));
      cursor = res.json().next_cursor;
      if (++pages === 2) await ticketFor(client.id, ALPHA, new Date(start + 60_000), 'Late');
    } while (cursor);
    const late = await h.db
      .selectFrom('support_tickets')
      .select('id')
      .where('subject', '=', 'Late')
      .executeTakeFirstOrThrow();
    expect(seen).toEqual([...all.map((r) => r.id), late.id]);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('refuses a limit over 200 and a cursor it did not hand out', async () => {
    const { key } = await makeKey(admin, 'read');
    expect((await withKey(key, 'GET', '/integration/v1/tickets?limit=201')).statusCode).toBe(422);
    const bad = await withKey(key, 'GET', '/integration/v1/tickets?cursor=bm9wZQ');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.cursor).toBeDefined();
  });
});

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 file with every integration route, behind the bearer key, and nothing else', async () => {
    const res = await h.call('GET', '/integration/v1/openapi.json', { tenant: null });
    expect(res.statusCode).toBe(200);
    const document = res.json();
    expect(document.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(document));
    expect(result.valid, JSON.stringify(result)).toBe(true);
    const documented = Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    );
    const routes = routeTable
      .filter(([, url]) => url.startsWith('/integration/v1/') && !url.endsWith('openapi.json'))
      // OpenAPI writes a path's parameter as {id} where the table writes :id.
      .map(([method, url]) => `${String(method)} ${url.replace(/:(\w+)/g, '{$1}')}`);
    expect(documented.sort()).toEqual(routes.sort());
    expect(document.components.securitySchemes.apiKey).toEqual({ type: 'http', scheme: 'bearer' });
  });
});

describe('people through the integration API', () => {
  const unique = Math.random().toString(36).slice(2, 8);
  const rows = [
    { email: `ops.coach.${unique}@alpha.test`, first_name: 'Olive', last_name: 'Ops', role: 'coach' },
    {
      email: `new.client.${unique}@alpha.test`,
      first_name: 'Nia',
      last_name: 'New',
      role: 'client',
      company: `Northwind ${unique}`,
      coach_email: `ops.coach.${unique}@alpha.test`,
      time_zone: 'Europe/Lisbon',
    },
  ];
  const outcomes = (res: { json(): { data: { outcome: string }[] } }) =>
    res.json().data.map((r) => r.outcome);

  it('a dry run writes nothing; the import creates; the same rows again change nothing; the audit log names the key', async () => {
    const { key, prefix } = await makeKey(admin, 'read-write', 'CRM sync');
    const count = async () =>
      (await h.db.selectFrom('users').select('id').where('email', 'like', `%${unique}%`).execute()).length;
    const dry = await withKey(key, 'POST', '/integration/v1/people', { people: rows, dry_run: true });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(outcomes(dry)).toEqual(['created', 'created']);
    expect(await count()).toBe(0);
    const done = await withKey(key, 'POST', '/integration/v1/people', { people: rows });
    expect(outcomes(done)).toEqual(['created', 'created']);
    const client = await h.db
      .selectFrom('users')
      .innerJoin('companies', 'companies.id', 'users.company_id')
      .select(['users.time_zone', 'companies.name'])
      .where('users.email', '=', rows[1]!.email)
      .executeTakeFirstOrThrow();
    expect(client).toEqual({ time_zone: 'Europe/Lisbon', name: `Northwind ${unique}` });
    const again = await withKey(key, 'POST', '/integration/v1/people', { people: rows });
    expect(outcomes(again)).toEqual(['unchanged', 'unchanged']);
    const dryAgain = await withKey(key, 'POST', '/integration/v1/people', { people: rows, dry_run: true });
    expect(outcomes(dryAgain)).toEqual(['unchanged', 'unchanged']);
    const changed = await withKey(key, 'POST', '/integration/v1/people', {
      people: [{ ...rows[1], last_name: 'Newer' }],
      dry_run: true,
    });
    expect(outcomes(changed)).toEqual(['changed']);
    const audit = await h.db
      .selectFrom('audit_log')
      .select(['actor_name', 'actor_user_id'])
      .where('person_id', '=', done.json().data[1].person_id)
      .execute();
    expect(audit.length).toBeGreaterThan(0);
    for (const entry of audit)
      expect(entry).toEqual({ actor_name: expect.stringContaining(prefix), actor_user_id: null });
  });

  it('answers each bad row with its errors and still upserts the good ones', async () => {
    const { key } = await makeKey(admin);
    const res = await withKey(key, 'POST', '/integration/v1/people', {
      people: [
        { email: `fine.${unique}@alpha.test`, first_name: 'Fine', last_name: 'Row', role: 'client' },
        {
          email: `bad.${unique}@alpha.test`,
          first_name: 'Bad',
          last_name: 'Zone',
          time_zone: 'Mars/Olympus',
        },
        {
          email: `lost.${unique}@alpha.test`,
          first_name: 'Lost',
          last_name: 'Coach',
          coach_email: 'nobody@alpha.test',
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const [fine, zone, coach] = res.json().data;
    expect(fine.outcome).toBe('created');
    expect(zone).toMatchObject({ outcome: 'error', errors: { time_zone: [expect.any(String)] } });
    expect(coach).toMatchObject({ outcome: 'error', errors: { coach_email: [expect.any(String)] } });
  });

  it('a read-only key cannot import; a key makes people in its own tenant only', async () => {
    const reader = await makeKey(admin, 'read');
    const refused = await withKey(reader.key, 'POST', '/integration/v1/people', { people: rows });
    expect(refused.statusCode).toBe(403);
    const betaKey = await makeKey(betaAdmin);
    // The alpha client's email, sent with beta's key: a new person of beta; alpha's stays as it was.
    const alphaClient = await demoUser(h, 'client');
    const before = await h.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', alphaClient.id)
      .executeTakeFirstOrThrow();
    const res = await withKey(betaKey.key, 'POST', '/integration/v1/people', {
      people: [{ email: alphaClient.email, first_name: 'Someone', last_name: 'Else', role: 'client' }],
    });
    expect(res.json().data[0].outcome).toBe('created');
    const made = await h.db
      .selectFrom('users')
      .select('tenant_id')
      .where('id', '=', res.json().data[0].person_id)
      .executeTakeFirstOrThrow();
    expect(made.tenant_id).toBe(BETA);
    expect(
      await h.db.selectFrom('users').selectAll().where('id', '=', alphaClient.id).executeTakeFirstOrThrow(),
    ).toEqual(before);
  });

  it('upserts a company by name and assigns clients to a coach by email', async () => {
    const { key } = await makeKey(admin);
    const first = await withKey(key, 'POST', '/integration/v1/companies', { name: `Acme Labs ${unique}` });
    expect(first.json().data.outcome).toBe('created');
    const second = await withKey(key, 'POST', '/integration/v1/companies', { name: `acme labs ${unique}` });
    expect(second.json().data).toEqual({ outcome: 'unchanged', company: first.json().data.company });
    const assigned = await withKey(key, 'POST', '/integration/v1/coach-assignments', {
      coach_email: 'coach2@alpha.test',
      client_emails: ['basic@alpha.test'],
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().data).toEqual({ changed: 1, unchanged: 0 });
    const foreign = await withKey(key, 'POST', '/integration/v1/coach-assignments', {
      coach_email: 'coach@beta.test',
      client_emails: ['basic@alpha.test'],
    });
    expect(foreign.statusCode).toBe(422);
  });
});

describe("the admin's Import screen's call", () => {
  it('previews and imports rows with the admin as who made them; a coach cannot call it', async () => {
    const email = `screen.${Math.random().toString(36).slice(2, 8)}@alpha.test`;
    const body = { people: [{ email, first_name: 'Sam', last_name: 'Screen', role: 'client' }] };
    const dry = await as(h, admin, 'POST', '/api/v1/admin/people/import', { ...body, dry_run: true });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().data[0].outcome).toBe('created');
    expect(await h.db.selectFrom('users').select('id').where('email', '=', email).execute()).toEqual([]);
    const done = await as(h, admin, 'POST', '/api/v1/admin/people/import', body);
    expect(done.json().data[0].outcome).toBe('created');
    const audit = await h.db
      .selectFrom('audit_log')
      .select('actor_user_id')
      .where('person_id', '=', done.json().data[0].person_id)
      .execute();
    expect(audit.map((a) => a.actor_user_id)).toContain(admin.user.id);
    const coach = await signIn(h, { demo: 'coach' });
    expect((await as(h, coach, 'POST', '/api/v1/admin/people/import', body)).statusCode).toBe(403);
  });
});
