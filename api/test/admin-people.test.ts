// The tenant admin's people through the API on a real migrated database (PGlite; PostgreSQL with
// scripts/with-postgres.sh): only an admin of the tenant reaches these calls; adding a person mails a
// single-use invitation that expires in 7 days; deactivation ends the person's sessions on every instance
// at once; every change leaves an audit entry with its before and after; an upsert by email is idempotent.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeTable } from '../src/routes/index.js';
import { ALPHA, BETA, Harness, PASSWORD, nextIp } from './helpers/harness.js';
import type { TestUser } from './helpers/harness.js';
import { createMailer } from '../src/services/mail/mailer.js';
import { createPeopleService } from '../src/services/people/people-service.js';
import { linkToken, mailsTo, waitForMail } from './helpers/mail.js';
import { signIn } from './helpers/sign-in.js';

const h = new Harness();
let admin: TestUser;
let adminToken: string;
let betaAdmin: TestUser;
let betaToken: string;
beforeAll(async () => {
  await h.start();
  ({ user: admin, token: adminToken } = await signIn(h, {
    role_id: 1,
    first_name: 'Ada',
    last_name: 'Admin',
  }));
  ({ user: betaAdmin, token: betaToken } = await signIn(h, { role_id: 1, tenant_id: BETA }));
});
afterAll(() => h.stop());

let counter = 0;
const newEmail = () => `person${++counter}.${Math.random().toString(36).slice(2, 7)}@example.test`;

const asAdmin = (method: 'GET' | 'POST', url: string, body?: unknown, token = adminToken, tenant = ALPHA) =>
  h.call(method, url, { token, tenant, ip: nextIp(), body });

async function addPerson(fields: Record<string, unknown> = {}) {
  const res = await asAdmin('POST', '/api/v1/admin/people', {
    email: newEmail(),
    first_name: 'New',
    last_name: 'Person',
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

const accept = (token: string, password = 'my first password', tenant = ALPHA) =>
  h.call('POST', '/api/password/invitation', {
    tenant,
    ip: nextIp(),
    body: { token, password, password_confirmation: password },
  });

async function invitationLinks(email: string) {
  return (await mailsTo(h.mailDir, email))
    .filter((m) => m.subject.endsWith('invited you to Alpha Coaching'))
    .map((m) => linkToken(m, 'invitation'));
}

const audit = async (personId: number) =>
  (await asAdmin('GET', `/api/v1/admin/audit?person_id=${personId}`)).json().data as {
    action: string;
    actor_name: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  }[];

const events = (personId: number) =>
  h.db
    .selectFrom('events')
    .select(['type', 'tenant_id'])
    .where(sql<string>`data->>'person_id'`, '=', String(personId))
    .orderBy('created_at')
    .execute();

/** The people service itself, as the integration API and the CSV import call it. */
const peopleService = () => {
  const log = { info() {}, warn() {}, error() {} };
  const mailer = createMailer({ mailDir: h.mailDir, log, db: h.db, now: h.clock.now });
  return createPeopleService({ db: h.db, now: h.clock.now, mailer });
};

/** A coach who can sign in (a user of role 2 with their coach profile). */
async function newCoach(): Promise<TestUser> {
  const user = await h.createUser({ role_id: 2, first_name: 'Cora', last_name: 'Coach' });
  await h.db
    .insertInto('coaches')
    .values({
      tenant_id: ALPHA,
      user_id: user.id,
      bio: '',
      specialties: '',
      certifications: '',
      years_experience: 1,
    })
    .execute();
  return user;
}

describe('who may call the admin routes', () => {
  const adminRoutes = routeTable.filter(([, url]) => url.startsWith('/api/v1/admin/'));

  it('refuses a coach and a client every admin route (403), and an unsigned caller (401)', async () => {
    expect(adminRoutes.length).toBeGreaterThanOrEqual(12);
    const client = await h.createUser();
    const coach = await h.createUser({ role_id: 2 });
    const tokens = [(await signIn(h, { user: client })).token, (await signIn(h, { user: coach })).token];
    for (const [method, url] of adminRoutes) {
      const path = url.replace(':id', '1');
      const verb = [method].flat()[0] as 'GET' | 'POST';
      for (const token of tokens) {
        const res = await h.call(verb, path, { token, ip: nextIp(), body: verb === 'POST' ? {} : undefined });
        expect([verb, path, res.statusCode]).toEqual([verb, path, 403]);
      }
      const anonymous = await h.call(verb, path, { ip: nextIp(), body: verb === 'POST' ? {} : undefined });
      expect([verb, path, anonymous.statusCode]).toEqual([verb, path, 401]);
    }
  });

  it("keeps an admin to their own tenant: another tenant's person is not found and never changed", async () => {
    const person = await addPerson();
    const other = (url: string, body?: unknown) => asAdmin(body ? 'POST' : 'GET', url, body, betaToken, BETA);
    expect((await other(`/api/v1/admin/people/${person.id}`)).statusCode).toBe(404);
    expect((await other(`/api/v1/admin/people/${person.id}`, { first_name: 'Stolen' })).statusCode).toBe(404);
    expect((await other(`/api/v1/admin/people/${person.id}/deactivate`, {})).statusCode).toBe(404);
    expect((await other(`/api/v1/admin/people/${person.id}/invitation`, {})).statusCode).toBe(404);
    const list = (await other(`/api/v1/admin/people?search=${encodeURIComponent(person.email)}`)).json();
    expect(list.total).toBe(0);
    // Another tenant's company or coach cannot be named either.
    const betaCompany = (await other('/api/v1/admin/companies', { name: `Beta Co ${counter}` })).json().data;
    const res = await asAdmin('POST', `/api/v1/admin/people/${person.id}`, { company_id: betaCompany.id });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.company_id).toEqual(['Choose a company of this portal.']);
    const assign = await other('/api/v1/admin/assignments', {
      client_ids: [person.id],
      coach_id: betaAdmin.id,
    });
    expect(assign.statusCode).toBe(422);
    expect((await asAdmin('GET', `/api/v1/admin/people/${person.id}`)).json().data.first_name).toBe('New');
    // The session's tenant is the one used: a session of tenant A sent with tenant B's header is refused.
    expect((await asAdmin('GET', '/api/v1/admin/people', undefined, adminToken, BETA)).statusCode).toBe(403);
  });
});

describe('people', () => {
  it('validates every field at once, with a clear message on each', async () => {
    const coachless = await h.createUser();
    const res = await asAdmin('POST', '/api/v1/admin/people', {
      email: admin.email.toUpperCase(),
      first_name: '   ',
      last_name: 'x'.repeat(100),
      time_zone: 'Mars/Olympus',
      company_id: 999_999,
      coach_id: coachless.id,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toEqual({
      email: ['Someone in this portal already has this email.'],
      first_name: ['Enter the first name.'],
      time_zone: ['Choose a time zone from the list.'],
      company_id: ['Choose a company of this portal.'],
      coach_id: ['Choose an active coach of this portal.'],
    });
    const bad = await asAdmin('POST', '/api/v1/admin/people', {
      email: 'not-an-email',
      first_name: 'A',
      last_name: 'B',
      role_id: 7,
    });
    expect(bad.statusCode).toBe(422);
    // Nobody can slip a field the admin does not set (a password, a tenant) into the body.
    const extra = await asAdmin('POST', '/api/v1/admin/people', {
      email: newEmail(),
      first_name: 'A',
      last_name: 'B',
      tenant_id: BETA,
    });
    expect(extra.statusCode).toBe(422);
  });

  it('adds a person with company, coach, time zone and flags, lists them, and audits the change', async () => {
    const coachUser = await newCoach();
    const company = (
      await asAdmin('POST', '/api/v1/admin/companies', { name: `Harbour ${counter++}` })
    ).json().data;
    const person = await addPerson({
      first_name: 'Grace',
      last_name: 'Hopper',
      company_id: company.id,
      coach_id: coachUser.id,
      time_zone: 'Europe/Berlin',
      flags: { group_coaching: true, flash_coaching: false, business_academy: null },
    });
    expect(person).toMatchObject({
      first_name: 'Grace',
      role: 'client',
      company: company.name,
      coach_id: coachUser.id,
      time_zone: 'Europe/Berlin',
      flags: { group_coaching: true, flash_coaching: false, business_academy: null },
      status: 'pending',
      invitation: null,
    });
    const found = (
      await asAdmin('GET', `/api/v1/admin/people?search=Hopper&role=client&status=pending`)
    ).json();
    expect(found.data.map((p: { id: number }) => p.id)).toContain(person.id);
    const none = (await asAdmin('GET', `/api/v1/admin/people?search=Hopper&role=coach`)).json();
    expect(none.total).toBe(0);

    const changed = await asAdmin('POST', `/api/v1/admin/people/${person.id}`, {
      last_name: 'Hopper-Murray',
      flags: { group_coaching: null },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.flags.group_coaching).toBeNull();
    const entries = await audit(person.id);
    expect(entries.map((e) => e.action)).toEqual(['person.updated', 'person.created']);
    expect(entries[0]).toMatchObject({
      actor_name: 'Ada Admin',
      before: {
        last_name: 'Hopper',
        flags: { group_coaching: true, flash_coaching: false, business_academy: null },
      },
      after: {
        last_name: 'Hopper-Murray',
        flags: { group_coaching: null, flash_coaching: false, business_academy: null },
      },
    });
    // A change that changes nothing writes nothing.
    await asAdmin('POST', `/api/v1/admin/people/${person.id}`, { last_name: 'Hopper-Murray' });
    expect(await audit(person.id)).toHaveLength(2);
  });

  it('pages the list', async () => {
    const tag = `Pager${Date.now()}`;
    for (let i = 0; i < 3; i++) await addPerson({ last_name: `${tag} ${i}` });
    const first = (await asAdmin('GET', `/api/v1/admin/people?search=${tag}&per_page=2`)).json();
    const second = (await asAdmin('GET', `/api/v1/admin/people?search=${tag}&per_page=2&page=2`)).json();
    expect([first.total, first.data.length, second.data.length]).toEqual([3, 2, 1]);
    expect(second.data[0].last_name).toBe(`${tag} 2`);
  });

  it('assigns clients to a coach in bulk; a wrong id changes nothing', async () => {
    const coachUser = await newCoach();
    const coachToken = (await signIn(h, { user: coachUser })).token;
    const [a, b] = [await addPerson(), await addPerson()];
    const wrong = await asAdmin('POST', '/api/v1/admin/assignments', {
      client_ids: [a.id, admin.id],
      coach_id: coachUser.id,
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.client_ids).toEqual([`These are not clients of this portal: ${admin.id}.`]);
    const res = await asAdmin('POST', '/api/v1/admin/assignments', {
      client_ids: [a.id, b.id],
      coach_id: coachUser.id,
    });
    expect(res.json().data).toEqual({ changed: 2, unchanged: 0 });
    const clients = (await h.call('GET', '/api/v1/coach/clients', { token: coachToken })).json().data;
    expect(clients.map((c: { id: number }) => c.id).sort()).toEqual([a.id, b.id].sort());
    const again = await asAdmin('POST', '/api/v1/admin/assignments', {
      client_ids: [a.id, b.id],
      coach_id: coachUser.id,
    });
    expect(again.json().data).toEqual({ changed: 0, unchanged: 2 });
    await asAdmin('POST', '/api/v1/admin/assignments', { client_ids: [a.id], coach_id: null });
    expect((await audit(a.id)).map((e) => e.after)).toContainEqual({ coach: null });
    // A coach with clients keeps the role until they are assigned elsewhere.
    const demote = await asAdmin('POST', `/api/v1/admin/people/${coachUser.id}`, { role_id: 3 });
    expect(demote.json().error.role_id).toEqual([
      'This coach still has clients: assign them to another coach first.',
    ]);
  });

  it('upserts by email idempotently: created, then unchanged, then changed', async () => {
    const people = peopleService();
    const actor = { tenantId: ALPHA, userId: admin.id };
    const email = newEmail();
    const input = { email, first_name: 'Up', last_name: 'Sert', time_zone: 'Asia/Tokyo' };
    const first = await people.upsert(actor, input);
    const second = await people.upsert(actor, { ...input, email: email.toUpperCase() });
    expect([first.outcome, second.outcome]).toEqual(['created', 'unchanged']);
    expect(second.person.id).toBe(first.person.id);
    const third = await people.upsert(actor, { ...input, time_zone: 'Asia/Seoul' });
    expect(third.outcome).toBe('changed');
    expect((await audit(first.person.id)).map((e) => e.action)).toEqual(['person.updated', 'person.created']);
    // An API key writes through the same function, named in the log as its owner sees it.
    const byKey = await people.upsert(
      { tenantId: ALPHA, keyId: 42, keyName: 'API key crm_ab12' },
      { ...input, first_name: 'Upp' },
    );
    expect(byKey.outcome).toBe('changed');
    expect((await audit(first.person.id))[0]!.actor_name).toBe('API key crm_ab12');
  });

  it('upserts one new email from two callers at once into one person', async () => {
    const people = peopleService();
    const actor = { tenantId: ALPHA, userId: admin.id };
    const email = newEmail();
    const results = await Promise.all(
      [1, 2, 3].map(() => people.upsert(actor, { email, first_name: 'Same', last_name: 'Time' })),
    );
    expect(results.map((r) => r.outcome).sort()).toEqual(['created', 'unchanged', 'unchanged']);
    expect(new Set(results.map((r) => r.person.id)).size).toBe(1);
  });
});

describe('invitations', () => {
  it('mails a single-use link on the tenant domain; the invitee sets a password and signs in with the OTP', async () => {
    const person = await addPerson({ invite: true, first_name: 'Ina' });
    expect(person.status).toBe('pending');
    expect(person.invitation).toMatchObject({ expired: false });
    const mail = await waitForMail(h.mailDir, person.email);
    // Named after the admin who sent it, in the tenant's brand (templates/mail/invitation).
    expect(mail.subject).toBe('Ada Admin invited you to Alpha Coaching');
    expect(mail.text).toContain('Hello Ina,');
    expect(mail.html).toContain('Choose your password');
    const link = linkToken(mail, 'invitation');
    expect(link.url.startsWith('https://portal.alpha-coaching.example/invitation/')).toBe(true);
    // Not another tenant's link.
    expect((await accept(link.token, 'my first password', BETA)).statusCode).toBe(422);
    const done = await accept(link.token);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().message).toBe('Your password is set. Log in with your email and the new password.');
    const again = await accept(link.token, 'another password');
    expect(again.statusCode).toBe(422);
    expect(again.json().error.token).toEqual([
      'This invitation link is invalid, used or expired. Ask the person who invited you for a new one.',
    ]);
    // The password works, through the OTP as every sign-in.
    const user = { id: person.id, email: person.email, tenantId: ALPHA };
    const { token } = await signIn(h, { user, password: 'my first password' });
    expect((await h.call('GET', '/api/v1/me', { token })).json().data.email).toBe(person.email);
    expect((await asAdmin('GET', `/api/v1/admin/people/${person.id}`)).json().data).toMatchObject({
      status: 'active',
      invitation: null,
    });
    expect((await events(person.id)).map((e) => e.type)).toEqual(['person.invited', 'person.activated']);
    expect((await audit(person.id)).map((e) => e.action)).toEqual([
      'person.activated',
      'person.invited',
      'person.created',
    ]);
    // Once a password is set, there is nothing to invite to.
    expect((await asAdmin('POST', `/api/v1/admin/people/${person.id}/invitation`, {})).statusCode).toBe(409);
  });

  it('resends: both links work until one is used, which retires the other', async () => {
    const person = await addPerson({ invite: true });
    const resent = await asAdmin('POST', `/api/v1/admin/people/${person.id}/invitation`, {});
    expect(resent.statusCode).toBe(200);
    await waitForMail(h.mailDir, person.email, 2);
    const [first, second] = await invitationLinks(person.email);
    expect(first!.token).not.toBe(second!.token);
    expect((await accept(second!.token)).statusCode).toBe(200);
    expect((await accept(first!.token, 'a later password')).statusCode).toBe(422);
  });

  it('expires after 7 days', async () => {
    const person = await addPerson({ invite: true });
    const [link] = await invitationLinks(person.email);
    const week = 7 * 24 * 60 * 60_000 + 1000;
    h.clock.advance(week);
    try {
      // A week on, the admin signs in again (sessions last 12 hours).
      const later = (await signIn(h, { user: await h.createUser({ role_id: 1 }) })).token;
      const now = (await asAdmin('GET', `/api/v1/admin/people/${person.id}`, undefined, later)).json().data;
      expect(now.invitation.expired).toBe(true);
      expect((await accept(link!.token)).statusCode).toBe(422);
      // A new one works.
      await asAdmin('POST', `/api/v1/admin/people/${person.id}/invitation`, {}, later);
      await waitForMail(h.mailDir, person.email, 2);
      const [, fresh] = await invitationLinks(person.email);
      expect((await accept(fresh!.token)).statusCode).toBe(200);
    } finally {
      h.clock.advance(-week);
    }
  });
});

describe('deactivation', () => {
  let second: FastifyInstance;
  beforeAll(async () => {
    second = await h.build();
  });
  afterAll(() => second.close());

  it('ends every session of the person on two instances at once; they cannot sign in until reactivated', async () => {
    const person = await h.createUser({ role_id: 2 });
    const { token: one, deviceToken } = await signIn(h, { user: person });
    // A second session, from the device the first login trusted.
    const two = (
      await h.call('POST', '/api/auth/studentlogin', {
        ip: nextIp(),
        body: { email: person.email, password: PASSWORD, device_token: deviceToken },
      })
    ).json().data.access_token as string;
    const me = (app: FastifyInstance, token: string) =>
      app.inject({
        method: 'GET',
        url: '/api/v1/me',
        headers: { 'x-tenant-id': String(ALPHA), authorization: `Bearer ${token}` },
      });
    for (const app of [h.app, second])
      for (const token of [one, two]) expect((await me(app, token)).statusCode).toBe(200);

    const res = await asAdmin('POST', `/api/v1/admin/people/${person.id}/deactivate`, {});
    expect(res.json().data.status).toBe('deactivated');
    for (const app of [second, h.app])
      for (const token of [one, two]) expect((await me(app, token)).statusCode).toBe(401);

    const login = await h.call('POST', '/api/auth/loginotp', {
      ip: nextIp(),
      body: { email: person.email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe(
      'This account has been deactivated. Ask your coaching team to reactivate it if you need it again.',
    );
    // A wrong password still reads as a wrong password: deactivation is told only to whoever knows it.
    const wrong = await h.call('POST', '/api/auth/loginotp', {
      ip: nextIp(),
      body: { email: person.email, password: 'nope nope' },
    });
    expect(wrong.statusCode).toBe(422);
    expect((await events(person.id)).map((e) => e.type)).toEqual(['person.deactivated']);

    const back = await asAdmin('POST', `/api/v1/admin/people/${person.id}/reactivate`, {});
    expect(back.json().data.status).toBe('active');
    // Its trusted device went with the deactivation: the sign-in asks for a code again (a minute on, the
    // one-time code's mail limit).
    h.clock.advance(61_000);
    expect((await signIn(h, { user: person })).token).toBeTruthy();
    const entries = await audit(person.id);
    expect(entries.slice(0, 2).map((e) => [e.action, e.before, e.after])).toEqual([
      ['person.reactivated', { status: 'deactivated' }, { status: 'active' }],
      ['person.deactivated', { status: 'active' }, { status: 'deactivated' }],
    ]);
  });

  it('does not let an admin deactivate themselves', async () => {
    const res = await asAdmin('POST', `/api/v1/admin/people/${admin.id}/deactivate`, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('You cannot deactivate your own account.');
  });
});

describe('companies and the audit log', () => {
  it('adds and renames companies (unique per tenant, any case) and filters the log by actor, action and date', async () => {
    const name = `Lighthouse ${Date.now()}`;
    const made = await asAdmin('POST', '/api/v1/admin/companies', { name });
    expect(made.statusCode).toBe(201);
    const dup = await asAdmin('POST', '/api/v1/admin/companies', { name: name.toUpperCase() });
    expect(dup.json().error.name).toEqual(['A company with this name already exists.']);
    const renamed = await asAdmin('POST', `/api/v1/admin/companies/${made.json().data.id}`, {
      name: `${name} Ltd`,
    });
    expect(renamed.json().data.name).toBe(`${name} Ltd`);
    const list = (await asAdmin('GET', '/api/v1/admin/companies')).json().data;
    expect(list.find((c: { id: number }) => c.id === made.json().data.id)).toMatchObject({
      name: `${name} Ltd`,
      people: 0,
    });

    const today = h.clock.now().toISOString().slice(0, 10);
    const log = (
      await asAdmin('GET', `/api/v1/admin/audit?action=company.renamed&actor=ada&from=${today}&to=${today}`)
    ).json();
    expect(log.data[0]).toMatchObject({
      before: { name },
      after: { name: `${name} Ltd` },
      actor_name: 'Ada Admin',
    });
    const about = (await asAdmin('GET', `/api/v1/admin/audit?person=hopper-murray`)).json();
    expect(about.data.map((e: { person_name: string }) => e.person_name)).toContain('Grace Hopper-Murray');
    const yesterday = new Date(h.clock.now().getTime() - 86_400_000).toISOString().slice(0, 10);
    const old = (await asAdmin('GET', `/api/v1/admin/audit?action=company.renamed&to=${yesterday}`)).json();
    expect(old.total).toBe(0);
    const otherTenant = (
      await asAdmin('GET', '/api/v1/admin/audit?action=company.renamed', undefined, betaToken, BETA)
    ).json();
    expect(otherTenant.total).toBe(0);
  });
});
