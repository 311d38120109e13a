// The coach's workspace through the API on a real migrated database (PGlite, or PostgreSQL through
// scripts/with-postgres.sh), with the seeded fixture tenants: each has two coaches with clients of their own.
// A coach reaches their own clients only: another coach's client, another tenant's user or a made-up id is a
// 404 that changes nothing, and a client is refused every coach route.
import type { KyselyPlugin } from 'kysely';
import { AsyncLocalStorage } from 'node:async_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeTable } from '../src/routes/index.js';
import { as, startSignedIn } from './helpers/coach.js';
import { BETA, Harness } from './helpers/harness.js';
import { mailsTo, waitForMail } from './helpers/mail.js';
import { EMAIL_FIELDS, PNG, gql, listEmails, send, uploadFile } from './helpers/mailbox.js';
import type { Person } from './helpers/sign-in.js';
import { demoUser, signIn } from './helpers/sign-in.js';

const h = new Harness();
let coach: Person;
let coach2: Person;
let client2: Person;
let client: Person;
let foreign: Person;
beforeAll(async () => {
  [coach, coach2, client2, client, foreign] = await startSignedIn(h, 'coach', 'coach2', 'client2', 'client', [
    'client',
    BETA,
  ]);
});
afterAll(() => h.stop());

const count = async (table: 'action_steps' | 'emails' | 'coach_notes') =>
  Number(
    (
      await h.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("the coach's workspace", () => {
  it('refuses a client every coach route with 403, and changes nothing', async () => {
    const coachRoutes = routeTable.filter(([, url]) => url.startsWith('/api/v1/coach/'));
    expect(coachRoutes.length).toBeGreaterThanOrEqual(12);
    const before = [await count('action_steps'), await count('emails'), await count('coach_notes')];
    for (const [method, url] of coachRoutes) {
      const res = await as(h, client, method as 'GET' | 'POST', url.replace(':id', String(client.user.id)), {
        title: 'x',
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toEqual({ message: 'This is not available to your account.' });
    }
    expect([await count('action_steps'), await count('emails'), await count('coach_notes')]).toEqual(before);
  });

  it("shows Today: the week's meetings in both time zones, unread per client, overdue steps, only the coach's own", async () => {
    await h.db
      .insertInto('support_tickets')
      .values({
        tenant_id: client2.user.tenantId,
        user_id: client2.user.id,
        request_id: 'coach-today-ticket',
        category: 'billing',
        subject: 'Invoice address',
        message: 'Please change it.',
        created_at: h.clock.now(),
      })
      .execute();
    const res = await as(h, coach2, 'GET', '/api/v1/coach/today');
    expect(res.statusCode).toBe(200);
    const today = res.json().data;
    const meetings = [...today.meetings.today, ...today.meetings.week];
    expect(meetings.map((m: { client: { id: number } }) => m.client.id).sort()).toEqual(
      [client2.user.id, (await demoUser(h, 'client3')).id].sort(),
    );
    expect(meetings[0]).toMatchObject({ title: 'Kick-off session', client_time_zone: 'America/New_York' });
    expect(today.time_zone).toBe('America/New_York');
    expect(today.unread).toEqual([
      { client: expect.objectContaining({ id: client2.user.id }), count: 1, latest_at: expect.any(String) },
    ]);
    expect(today.overdue).toEqual([
      { client: expect.objectContaining({ id: client2.user.id }), count: 1, oldest_due: expect.any(String) },
    ]);
    expect(today.waiting.tickets).toEqual([
      {
        id: expect.any(Number),
        client: { id: client2.user.id, first_name: 'Kevin', last_name: 'Park' },
        summary: 'Invoice address',
        created_at: expect.any(String),
      },
    ]);
    // The other coach's day holds only their own clients.
    const other = (await as(h, coach, 'GET', '/api/v1/coach/today')).json().data;
    expect(other.waiting.tickets).toEqual([]);
    const ids = [...other.meetings.today, ...other.meetings.week].map(
      (m: { client: { id: number } }) => m.client.id,
    );
    expect(ids).not.toContain(client2.user.id);
    expect(other.unread.map((u: { client: { id: number } }) => u.client.id)).not.toContain(client2.user.id);
  });

  it('answers Today with the same number of statements for two clients or six', async () => {
    // Counted in the request's own async context: the app's background loops (mail and webhook retries) run
    // statements of their own meanwhile.
    const counting = new AsyncLocalStorage<{ statements: number }>();
    const counter: KyselyPlugin = {
      transformQuery: (args) => {
        const count = counting.getStore();
        if (count) count.statements++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const app = await h.build({ db: h.db.withPlugin(counter) });
    const today = async () => {
      const count = { statements: 0 };
      const res = await counting.run(count, () =>
        app.inject({
          method: 'GET',
          url: '/api/v1/coach/today',
          headers: { 'x-tenant-id': String(coach2.user.tenantId), authorization: `Bearer ${coach2.token}` },
        }),
      );
      expect(res.statusCode).toBe(200);
      return { statements: count.statements, data: res.json().data };
    };
    // The first request of a new app also loads what it caches (the tenant); counted from the second.
    await today();
    const two = await today();
    // Four more clients, each with a meeting tomorrow, an unread message and an overdue step.
    const coachRow = await h.db
      .selectFrom('coaches')
      .select('id')
      .where('user_id', '=', coach2.user.id)
      .executeTakeFirstOrThrow();
    const at = h.clock.now();
    for (let i = 0; i < 4; i++) {
      const user = await h.createUser({ time_zone: 'Europe/Paris' });
      await h.db
        .insertInto('coach_clients')
        .values({ coach_id: coachRow.id, client_id: user.id, tenant_id: user.tenantId, since: at })
        .execute();
      await h.db
        .insertInto('meetings')
        .values({
          tenant_id: user.tenantId,
          client_id: user.id,
          coach_id: coachRow.id,
          title: 'Check-in',
          starts_at: new Date(at.getTime() + 26 * 3600_000),
          duration_minutes: 30,
          time_zone: 'Europe/Paris',
          meeting_url: null,
        })
        .execute();
      await h.db
        .insertInto('emails')
        .values({
          tenant_id: user.tenantId,
          parent_id: null,
          from_user_id: user.id,
          to_user_id: coach2.user.id,
          subject: 'Hi',
          body: '<p>Hi</p>',
          read: false,
          created_at: at,
          updated_at: at,
        })
        .execute();
      await h.db
        .insertInto('action_steps')
        .values({
          tenant_id: user.tenantId,
          client_id: user.id,
          title: 'Late',
          due_date: '2020-01-02',
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
    const six = await today();
    expect(six.data.unread).toHaveLength(5);
    expect(six.data.overdue).toHaveLength(5);
    expect(six.statements).toBe(two.statements);
    await app.close();
  });

  it('lists the coach’s clients with search, sort and counts, never another coach’s', async () => {
    const list = async (query = '') => (await as(h, coach2, 'GET', `/api/v1/coach/clients${query}`)).json();
    const all = await list();
    expect(all.data.map((c: { email: string }) => c.email).sort()).toContain('client3@alpha.test');
    expect(all.data.map((c: { email: string }) => c.email)).not.toContain('client@alpha.test');
    const kevin = all.data.find((c: { id: number }) => c.id === client2.user.id);
    expect(kevin).toMatchObject({
      company: { name: 'Hudson Print & Design' },
      counts: { unread: 1, overdue: 1, open_steps: 1 },
    });
    expect(kevin.next_meeting_at).toEqual(expect.any(String));
    expect((await list('?search=carter')).data.map((c: { email: string }) => c.email)).toEqual([
      'client3@alpha.test',
    ]);
    expect((await list('?search=CLIENT2%40')).data.map((c: { id: number }) => c.id)).toEqual([
      client2.user.id,
    ]);
    expect((await list('?search=hudson')).total).toBe(2);
    // A LIKE wildcard is searched for as itself.
    expect((await list('?search=%25')).total).toBe(0);
    const byName = (await list('?sort=name&order=desc')).data.map((c: { last_name: string }) => c.last_name);
    expect(byName).toEqual([...byName].sort().reverse());
    expect((await as(h, coach2, 'GET', '/api/v1/coach/clients?sort=password')).statusCode).toBe(422);
  });

  it("gives a client's page to their coach only, with private notes apart from the client's", async () => {
    const page = await as(h, coach, 'GET', `/api/v1/coach/clients/${client.user.id}`);
    expect(page.statusCode).toBe(200);
    const data = page.json().data;
    expect(data.client).toMatchObject({ id: client.user.id, email: 'client@alpha.test' });
    expect(data.schedule.upcoming.length).toBeGreaterThan(0);
    expect(data.notes.client.length).toBeGreaterThan(0);
    expect(data.action_steps.length).toBeGreaterThan(0);
    expect(data.metrics.length).toBe(3);
    expect(data.metrics[0].values.length).toBe(12);
    expect(data.assessments.length).toBeGreaterThan(0);
    expect(data.files.length).toBeGreaterThan(0);
    expect(data.groups.length).toBeGreaterThan(0);

    const before = await count('coach_notes');
    for (const [who, id] of [
      [coach2, client.user.id],
      [coach, foreign.user.id],
      [coach, 2_000_000],
    ] as const) {
      expect((await as(h, who, 'GET', `/api/v1/coach/clients/${id}`)).statusCode).toBe(404);
      expect((await as(h, who, 'POST', `/api/v1/coach/clients/${id}/notes`, { body: 'x' })).statusCode).toBe(
        404,
      );
    }
    expect(await count('coach_notes')).toBe(before);

    const note = await as(h, coach, 'POST', `/api/v1/coach/clients/${client.user.id}/notes`, {
      body: 'Seems tired of the pricing topic; lead with hiring next time.',
    });
    expect(note.statusCode).toBe(201);
    const again = (await as(h, coach, 'GET', `/api/v1/coach/clients/${client.user.id}`)).json().data;
    expect(again.notes.private.map((n: { body: string }) => n.body)).toEqual([
      'Seems tired of the pricing topic; lead with hiring next time.',
    ]);
    // The client's own notes never hold it.
    const own = (await as(h, client, 'POST', '/api/v1/clientportal/notes/')).json().data;
    expect(JSON.stringify(own)).not.toContain('tired of the pricing');
  });

  it('adds, edits and moves a client’s action step, which the client then sees on their board', async () => {
    const board = async () =>
      (await as(h, client2, 'POST', '/api/v1/impcoaching/steps/')).json().data.action_steps as {
        id: number;
        title: string;
        status: number;
      }[];
    const added = await as(h, coach2, 'POST', `/api/v1/coach/clients/${client2.user.id}/action-steps`, {
      title: 'Send the new price list',
      due_date: '2030-01-15',
    });
    expect(added.statusCode).toBe(201);
    const step = added.json().data;
    expect((await board()).find((s) => s.id === step.id)).toMatchObject({
      title: 'Send the new price list',
      status: 0,
    });

    const edited = await as(h, coach2, 'POST', `/api/v1/coach/action-steps/${step.id}`, {
      title: 'Send prices',
    });
    expect(edited.json().data).toMatchObject({ title: 'Send prices', due_date: '2030-01-15' });
    expect(
      (await as(h, coach2, 'POST', `/api/v1/coach/action-steps/${step.id}/move`, { status: 2 })).statusCode,
    ).toBe(200);
    expect((await board()).find((s) => s.id === step.id)).toMatchObject({ title: 'Send prices', status: 2 });

    // The other coach, and a coach of another tenant, find no such step and change nothing.
    const stepsBefore = await count('action_steps');
    expect(
      (await as(h, coach, 'POST', `/api/v1/coach/action-steps/${step.id}/move`, { status: 3 })).statusCode,
    ).toBe(404);
    expect(
      (await as(h, coach, 'POST', `/api/v1/coach/action-steps/${step.id}`, { title: 'Mine' })).statusCode,
    ).toBe(404);
    const beta = await signIn(h, { demo: 'coach', tenant: BETA });
    expect(
      (await as(h, beta, 'POST', `/api/v1/coach/action-steps/${step.id}/move`, { status: 3 })).statusCode,
    ).toBe(404);
    expect(
      (
        await as(h, coach, 'POST', `/api/v1/coach/clients/${client2.user.id}/action-steps`, {
          title: 'Sneak',
        })
      ).statusCode,
    ).toBe(404);
    expect(await count('action_steps')).toBe(stepsBefore);
    expect((await board()).find((s) => s.id === step.id)).toMatchObject({ title: 'Send prices', status: 2 });
  });

  it('answers a client with an attachment: the client sees it, their badge and mail follow, and their reply reaches the coach', async () => {
    const unread = async () =>
      (await as(h, coach2, 'GET', '/api/v1/coach/messages/unread')).json().data.count;
    const threads = (await as(h, coach2, 'GET', '/api/v1/coach/messages')).json().data;
    const seeded = threads.find((t: { client: { id: number } }) => t.client.id === client2.user.id);
    expect(seeded).toMatchObject({ unread: 1, messages: 1 });
    // Four more unread from the clients the statement-count test added.
    const startUnread = await unread();
    const opened = await as(h, coach2, 'GET', `/api/v1/coach/messages/${seeded.id}`);
    expect(opened.json().data.items).toHaveLength(1);
    expect(await unread()).toBe(startUnread - 1);

    const upload = await uploadFile(h, coach2, { name: 'plan.png', bytes: PNG });
    expect(upload.statusCode).toBe(201);
    const clientBadge = async () =>
      (await gql(h, client2, 'query ($u: Int!) { unreademails(user_id: $u) }', { u: client2.user.id })).data
        .unreademails;
    const badgeBefore = await clientBadge();
    const mailsBefore = (await mailsTo(h.mailDir, client2.user.email)).length;
    const replied = await as(h, coach2, 'POST', `/api/v1/coach/messages/${seeded.id}/reply`, {
      subject: 'Re: Quote for a rebrand',
      body: '<p>Here is the plan.</p>',
      attachments: [upload.json().data.id],
    });
    expect(replied.statusCode).toBe(201);
    expect(replied.json().data.attachments).toHaveLength(1);
    expect(await clientBadge()).toBe(badgeBefore + 1);
    const notice = await waitForMail(h.mailDir, client2.user.email, mailsBefore + 1);
    expect(notice.text).toContain('Here is the plan.');
    expect(notice.text).toContain('/messages');

    // The client sees it in the thread with its file, and answers.
    const inThread = (await listEmails(h, client2, { thread: seeded.id })).data.emails.items;
    expect(inThread.at(-1)).toMatchObject({
      subject: 'Re: Quote for a rebrand',
      attachments: [{ name: 'plan.png' }],
    });
    const coachMails = (await mailsTo(h.mailDir, coach2.user.email)).length;
    const answer = await send(h, client2, { subject: 'Re: plan', previous: inThread.at(-1).id });
    expect(answer.errors).toBeUndefined();
    expect(await unread()).toBe(startUnread);
    const told = await waitForMail(h.mailDir, coach2.user.email, coachMails + 1);
    expect(told.text).toContain(`/coach/messages/${seeded.id}`);
    expect(EMAIL_FIELDS).toContain('attachments');
  });

  it("composes to the coach's own client only, and never replies in another coach's thread", async () => {
    const client3 = await demoUser(h, 'client3');
    const composed = await as(h, coach2, 'POST', '/api/v1/coach/messages', {
      client_id: client3.id,
      subject: 'Welcome',
      body: '<p>Glad to work with you.</p>',
    });
    expect(composed.statusCode).toBe(201);
    expect(composed.json().data).toMatchObject({ to: client3.id, from: coach2.user.id });

    const before = await count('emails');
    for (const [who, id] of [
      [coach2, client.user.id],
      [coach2, foreign.user.id],
      [coach, client3.id],
    ] as const) {
      const res = await as(h, who, 'POST', '/api/v1/coach/messages', {
        client_id: id,
        subject: 'x',
        body: '<p>x</p>',
      });
      expect(res.statusCode).toBe(404);
    }
    // coach's thread with client@ (seeded) is not coach2's to answer or read.
    const theirs = (await as(h, coach, 'GET', '/api/v1/coach/messages')).json().data[0];
    expect((await as(h, coach2, 'GET', `/api/v1/coach/messages/${theirs.id}`)).statusCode).toBe(404);
    const sneak = await as(h, coach2, 'POST', `/api/v1/coach/messages/${theirs.id}/reply`, {
      subject: 'x',
      body: '<p>x</p>',
    });
    expect(sneak.statusCode).toBe(404);
    expect(await count('emails')).toBe(before);
  });
});
