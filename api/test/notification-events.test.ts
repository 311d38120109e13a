// Each event the bell hears tells the right people, with a link to their own page of the thing: a client's files
// reach their coach and a coach's reach the client (and the colleagues who see the company's files); a ticket,
// testimonial or referral is a request in the coach's bell and a coach's answer to a ticket is news in the
// client's; a published lesson tells its group's members once; a booked meeting tells the coach, and a meeting the
// coach scheduled tells the client; a goal completed tells the client or their coach, whichever did not complete it.
// The one who acted is never told.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '../../contracts/rest/notifications.js';
import { bookingWorld } from './helpers/booking.js';
import { as, startSignedIn } from './helpers/coach.js';
import { companyOf, sendFiles } from './helpers/company-files.js';
import { keyCall, makeApiKey } from './helpers/api-keys.js';
import { ALPHA, Harness } from './helpers/harness.js';
import { signIn } from './helpers/sign-in.js';
import { PNG } from './helpers/mailbox.js';
import type { Person } from './helpers/sign-in.js';

const h = new Harness();
let coach: Person;
let client: Person;
let basic: Person;

beforeAll(async () => {
  [coach, client, basic] = await startSignedIn(h, 'coach', 'client', 'basic');
});
afterAll(() => h.stop());

/** What `who`'s bell got since `since` (an id), oldest first. */
const newFor = async (who: Person, since: number): Promise<Notification[]> => {
  const res = await as(h, who, 'GET', '/api/v1/notifications?limit=100');
  expect(res.statusCode).toBe(200);
  return (res.json().data.items as Notification[]).filter((i) => i.id > since).reverse();
};
const lastId = async () =>
  (
    await h.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst()
  )?.id ?? 0;

describe('the demo', () => {
  it('opens to a bell with unread notifications, each linking to a page of its role', async () => {
    for (const [who, inCoachTree] of [
      [client, false],
      [basic, false],
      [coach, true],
    ] as const) {
      const badge = (await as(h, who, 'GET', '/api/v1/notifications/badge')).json().data;
      expect(badge.notifications).toBeGreaterThan(0);
      const items = await newFor(who, 0);
      for (const item of items) expect(item.link.startsWith('/coach/')).toBe(inCoachTree);
    }
  });
});

describe('files', () => {
  it("a coach's files for the company: the client and their colleague are told, the coach is not", async () => {
    const since = await lastId();
    const sent = await sendFiles(
      h,
      coach,
      { to: 'company', description: 'Worksheet', files: [{ name: 'a.png', type: 'image/png', bytes: PNG }] },
      `/api/v1/coach/clients/${client.user.id}/files`,
    );
    expect(sent.statusCode, sent.body).toBe(201);
    for (const who of [client, basic])
      expect(await newFor(who, since)).toEqual([
        expect.objectContaining({
          kind: 'file',
          title: expect.stringMatching(/ shared a file$/),
          link: '/resources',
        }),
      ]);
    expect(await newFor(coach, since)).toEqual([]);
  });

  it("a coach's files for the client alone tell that client only", async () => {
    const since = await lastId();
    const sent = await sendFiles(
      h,
      coach,
      { to: 'client', description: 'Just for you', files: [] },
      `/api/v1/coach/clients/${client.user.id}/files`,
    );
    expect(sent.statusCode, sent.body).toBe(201);
    expect((await newFor(client, since)).map((i) => i.title)).toEqual([
      expect.stringMatching(/ shared a note$/),
    ]);
    expect(await newFor(basic, since)).toEqual([]);
  });

  it("a client's files tell their coach, linking to the client's page", async () => {
    const since = await lastId();
    const sent = await sendFiles(h, client, {
      company_id: String(await companyOf(h, client)),
      files: [{ name: 'b.png', type: 'image/png', bytes: PNG }],
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(await newFor(coach, since)).toEqual([
      expect.objectContaining({ kind: 'file', link: `/coach/clients/${client.user.id}` }),
    ]);
    expect(await newFor(client, since)).toEqual([]);
  });
});

describe('requests and answers', () => {
  it("a ticket is a request in the coach's bell; the coach's answer is news in the client's", async () => {
    const since = await lastId();
    const filed = await as(h, client, 'POST', '/api/v1/tickets', {
      subject: 'Calendar',
      message: 'It misses Thursday.',
    });
    expect(filed.statusCode).toBe(201);
    expect(await newFor(coach, since)).toEqual([
      expect.objectContaining({ kind: 'request', link: '/coach/requests?kind=tickets' }),
    ]);
    const answeredSince = await lastId();
    const answered = await as(h, coach, 'POST', `/api/v1/coach/requests/tickets/${filed.json().data.id}`, {
      status: 'done',
      reply: 'Fixed: it shows now.',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(await newFor(client, answeredSince)).toEqual([
      expect.objectContaining({
        kind: 'ticket',
        title: expect.stringMatching(/answered your support ticket$/),
        link: '/help',
      }),
    ]);
    expect(await newFor(coach, answeredSince)).toEqual([]);
    const event = await h.db
      .selectFrom('events')
      .select('data')
      .where('type', '=', 'ticket.answered')
      .executeTakeFirstOrThrow();
    expect(event.data).toMatchObject({
      ticket_id: filed.json().data.id,
      user_id: client.user.id,
      coach_id: coach.user.id,
    });
  });

  it('a status change without an answer tells nobody', async () => {
    const filed = await as(h, client, 'POST', '/api/v1/tickets', {
      subject: 'Other',
      message: 'Another question.',
    });
    const since = await lastId();
    await as(h, coach, 'POST', `/api/v1/coach/requests/tickets/${filed.json().data.id}`, {
      status: 'in_progress',
    });
    expect(await newFor(client, since)).toEqual([]);
  });
});

describe('lessons', () => {
  it("publishing a group's draft tells each member once, with the lesson's page in their group", async () => {
    const group = (await as(h, coach, 'POST', '/api/v1/coach/groups', { title: 'Bell cohort' })).json().data;
    const lesson = (
      await as(h, coach, 'POST', `/api/v1/coach/groups/${group.id}/lessons`, { title: 'Pricing' })
    ).json().data.id;
    await as(h, coach, 'POST', `/api/v1/coach/groups/${group.id}`, { state: 'open' });
    const added = await as(h, coach, 'POST', `/api/v1/coach/groups/${group.id}/members`, {
      client_id: client.user.id,
    });
    expect(added.statusCode, added.body).toBe(200);
    const membership = (added.json().data.members as { id: number; user_group_id: number }[]).find(
      (m) => m.id === client.user.id,
    )!.user_group_id;
    const since = await lastId();
    expect(
      (await as(h, coach, 'POST', `/api/v1/coach/lessons/${lesson}`, { published: true })).statusCode,
    ).toBe(200);
    expect(
      (
        await as(h, coach, 'POST', `/api/v1/coach/lessons/${lesson}`, {
          title: 'Pricing, again',
          published: true,
        })
      ).statusCode,
    ).toBe(200);
    expect(await newFor(client, since)).toEqual([
      expect.objectContaining({
        kind: 'lesson',
        body: 'Pricing',
        link: `/groups/${group.id}/${membership}/lesson/${lesson}`,
      }),
    ]);
    expect(await newFor(basic, since)).toEqual([]);
    expect(await newFor(coach, since)).toEqual([]);
  });
});

describe('meetings', () => {
  it("a client's booking tells the coach, in the coach's zone; the client who booked is not told", async () => {
    const world = await bookingWorld(h);
    const since = await lastId();
    const booked = await world.book(world.client, '2027-03-16T09:00:00.000Z');
    expect(booked.statusCode, booked.body).toBe(201);
    expect(await newFor(world.coach, since)).toEqual([
      expect.objectContaining({
        kind: 'meeting',
        title: expect.stringMatching(/ booked a meeting$/),
        // 09:00 UTC is 10:00 in Amsterdam, the coach's zone.
        body: expect.stringContaining('10:00'),
        link: '/coach/schedule',
      }),
    ]);
    expect(await newFor(world.client, since)).toEqual([]);
  });

  it("a coach's own meeting tells the client when scheduled, moved and cancelled; an edit and the coach are not", async () => {
    const world = await bookingWorld(h);
    const since = await lastId();
    const path = '/api/v1/coach/meetings';
    const made = await as(h, world.coach, 'POST', path, {
      client_id: world.client.user.id,
      title: 'Check-in',
      // On the coach's wall clock (Amsterdam, still UTC+1): 10:00 there is 05:00 in New York, the client's zone,
      // whose summer time began four days before (UTC-4).
      start: '2027-03-18T10:00',
      duration_minutes: 30,
      place: 'The studio',
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = (made.json().data as { id: number }).id;
    const edited = await as(h, world.coach, 'POST', `${path}/${id}`, { agenda: 'Goals first' });
    expect(edited.statusCode, edited.body).toBe(200);
    const moved = await as(h, world.coach, 'POST', `${path}/${id}`, { start: '2027-03-18T15:00' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await as(h, world.coach, 'POST', `${path}/${id}/cancel`)).statusCode).toBe(200);
    expect(
      (await newFor(world.client, since)).map((n) => [
        n.kind,
        n.title.replace(/ with .+ was/, ' was'),
        n.link,
      ]),
    ).toEqual([
      ['meeting', 'Your meeting was booked', '/schedule'],
      ['meeting', 'Your meeting was moved', '/schedule'],
      ['meeting', 'Your meeting was cancelled', '/schedule'],
    ]);
    const [booked] = await newFor(world.client, since);
    expect(booked!.body).toContain('05:00');
    expect(await newFor(world.coach, since)).toEqual([]);
  });

  it("a key's booking (the tenant's system) tells the client too, in the client's zone", async () => {
    const world = await bookingWorld(h);
    const admin = await signIn(h, { role_id: 1 });
    const { key } = await makeApiKey(h, { token: admin.token, tenantId: ALPHA }, 'read-write');
    const since = await lastId();
    const booked = await keyCall(h.app, key, 'POST', '/integration/v1/bookings', {
      client_id: world.client.user.id,
      coach_id: world.coach.user.id,
      type_id: world.typeId,
      start: '2027-03-17T13:00:00.000Z',
    });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(await newFor(world.coach, since)).toEqual([expect.objectContaining({ kind: 'meeting' })]);
    expect(await newFor(world.client, since)).toEqual([
      expect.objectContaining({
        kind: 'meeting',
        title: expect.stringMatching(/^Your meeting with .+ was booked$/),
        // 13:00 UTC is 09:00 in New York, the client's zone.
        body: expect.stringContaining('09:00'),
        link: '/schedule',
      }),
    ]);
  });
});

describe('goals', () => {
  // Signed in again: the meetings above moved the clock past the first sessions.
  let coach: Person;
  let client: Person;
  beforeAll(async () => {
    coach = await signIn(h, { demo: 'coach' });
    client = await signIn(h, { demo: 'client' });
  });

  const nameOf = async (who: Person) => {
    const row = await h.db
      .selectFrom('users')
      .select(['first_name', 'last_name'])
      .where('id', '=', who.user.id)
      .executeTakeFirstOrThrow();
    return `${row.first_name} ${row.last_name}`;
  };

  it("a goal the client completes tells their coach, on the client's page; the client is not told", async () => {
    const added = await as(h, client, 'POST', '/api/v1/goals', { title: 'Run a 10k' });
    expect(added.statusCode, added.body).toBe(201);
    const since = await lastId();
    const done = await as(h, client, 'POST', `/api/v1/goals/${added.json().data.id}`, {
      status: 'completed',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(await newFor(coach, since)).toEqual([
      expect.objectContaining({
        kind: 'goal',
        title: `${await nameOf(client)} completed a goal`,
        body: 'Run a 10k',
        link: `/coach/clients/${client.user.id}`,
      }),
    ]);
    expect(await newFor(client, since)).toEqual([]);
  });

  it('a goal the coach completes tells the client, on their goals; the coach is not told', async () => {
    const added = await as(h, coach, 'POST', `/api/v1/coach/clients/${client.user.id}/goals`, {
      title: 'Hire a bookkeeper',
    });
    expect(added.statusCode, added.body).toBe(201);
    const since = await lastId();
    const done = await as(h, coach, 'POST', `/api/v1/goals/${added.json().data.id}`, { status: 'completed' });
    expect(done.statusCode, done.body).toBe(200);
    expect(await newFor(client, since)).toEqual([
      expect.objectContaining({
        kind: 'goal',
        title: `${await nameOf(coach)} marked your goal completed`,
        body: 'Hire a bookkeeper',
        link: '/goals',
      }),
    ]);
    expect(await newFor(coach, since)).toEqual([]);
  });
});
