// The coach authors groups, lessons and the academy through the API on a real migrated database (PGlite, or
// PostgreSQL through scripts/with-postgres.sh), with the seeded fixture tenants (each with two coaches and
// their own clients). A coach changes only their own groups and content and adds only their own clients; a
// draft reaches no client through any REST or GraphQL path; stored HTML comes back inert; a removed member
// loses the group's lessons at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, startSignedIn } from './helpers/coach.js';
import { ALPHA, BETA, Harness } from './helpers/harness.js';
import { gql } from './helpers/mailbox.js';
import type { Person } from './helpers/sign-in.js';
import { demoUser } from './helpers/sign-in.js';

const h = new Harness();
let coach: Person;
let coach2: Person;
let client: Person;
let client2: Person;
let betaCoach: Person;
beforeAll(async () => {
  [coach, coach2, client, client2, betaCoach] = await startSignedIn(
    h,
    'coach',
    'coach2',
    'client',
    'client2',
    ['coach', BETA],
  );
});
afterAll(() => h.stop());

interface GroupPage {
  id: number;
  lessons: { id: number; title: string; published: boolean; order: number }[];
  members: { id: number; user_group_id: number; completed_lessons: number; payment: string }[];
  candidates: { id: number }[];
  state: string;
  currency: string;
}

async function newGroup(title = 'Spring cohort'): Promise<GroupPage> {
  const res = await as(h, coach, 'POST', '/api/v1/coach/groups', { title });
  expect(res.statusCode).toBe(201);
  return res.json().data;
}

async function newLesson(groupId: number, title: string): Promise<number> {
  const res = await as(h, coach, 'POST', `/api/v1/coach/groups/${groupId}/lessons`, { title });
  expect(res.statusCode).toBe(201);
  return res.json().data.id;
}

const editLesson = (id: number, body: object, who = coach) =>
  as(h, who, 'POST', `/api/v1/coach/lessons/${id}`, body);

/** A group open to its members, with a published and a draft lesson, and client@ a member. */
async function openGroupWithMember() {
  const group = await newGroup();
  const published = await newLesson(group.id, 'Week one: pricing');
  const draft = await newLesson(group.id, 'Week two: secret plans');
  expect((await editLesson(published, { published: true })).statusCode).toBe(200);
  expect((await as(h, coach, 'POST', `/api/v1/coach/groups/${group.id}`, { state: 'open' })).statusCode).toBe(
    200,
  );
  const added = await as(h, coach, 'POST', `/api/v1/coach/groups/${group.id}/members`, {
    client_id: client.user.id,
  });
  expect(added.statusCode).toBe(200);
  const userGroupId = (added.json().data as GroupPage).members.find(
    (m) => m.id === client.user.id,
  )!.user_group_id;
  return { group, published, draft, userGroupId };
}

const GROUP = `query ($user_id: Int!, $ug: Int!) { usergroup(user_id: $user_id, user_group_id: $ug) {
  group { id total_lessons progress { total_lessons completed_lessons } } lessons { lesson { id title } } } }`;
const GROUPS = `query ($user_id: Int!) { group(user_id: $user_id) { id title total_lessons } }`;
const LESSON = `query ($user_id: Int!, $lesson_id: Int!, $ug: Int) {
  userlesson(user_id: $user_id, lesson_id: $lesson_id, user_group_id: $ug) { id title full_desc next_lesson { id } } }`;
const ACADEMY = `query ($user_id: Int!) { academy(user_id: $user_id) { id title lessons { lesson { id title } } } }`;
const ANALYTICS = `query ($user_id: Int!, $lesson_id: Int!, $ug: Int) {
  analyticsSearch(user_id: $user_id, lesson_id: $lesson_id, user_group_id: $ug) { lesson_id } }`;

const asClient = (query: string, variables: object = {}) =>
  gql(h, client, query, { user_id: client.user.id, ...variables });

const tick = (lessonId: number, userGroupId: number | null, field: string, at: number) =>
  as(h, client, 'POST', '/api/v1/training-analytics/', {
    user_id: client.user.id,
    data: [
      {
        id: `c-${lessonId}-${field}-${at}`,
        lesson_id: lessonId,
        user_group_id: userGroupId,
        field,
        value: true,
        at,
      },
    ],
  });

describe('the coach authors groups', () => {
  it('creates a group as a draft in the currency of their groups, edits it, and lists it', async () => {
    const group = await newGroup('Autumn cohort');
    expect(group).toMatchObject({ state: 'draft', currency: 'usd', lessons: [], members: [] });
    expect(group.candidates.map((c) => c.id).sort()).toEqual(
      [client.user.id, (await demoUser(h, 'basic')).id].sort(),
    );
    const res = await as(h, coach, 'POST', `/api/v1/coach/groups/${group.id}`, {
      description: 'Eight weeks on the numbers.',
      meets_on: 'Tuesdays, 6:00 pm',
      start_date: '2026-12-01',
      end_date: '2027-01-26',
      price: 49_900,
      capacity: 12,
      state: 'open',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      price: 49_900,
      capacity: 12,
      state: 'open',
      meets_on: 'Tuesdays, 6:00 pm',
    });
    const list = await as(h, coach, 'GET', '/api/v1/coach/groups');
    expect(list.json().data.map((g: { id: number }) => g.id)).toContain(group.id);
  });

  it('refuses an end before the start, a bad currency and an unknown field with a clear 422', async () => {
    const group = await newGroup();
    const dates = await as(h, coach, 'POST', `/api/v1/coach/groups/${group.id}`, {
      start_date: '2026-12-10',
      end_date: '2026-12-01',
    });
    expect(dates.statusCode).toBe(422);
    expect(dates.json()).toEqual({ error: { end_date: ['The end date is before the start date.'] } });
    const currency = await as(h, coach, 'POST', `/api/v1/coach/groups/${group.id}`, { currency: 'dollars' });
    expect(currency.statusCode).toBe(422);
    const coachId = await as(h, coach, 'POST', `/api/v1/coach/groups/${group.id}`, { coach_id: 1 });
    expect(coachId.statusCode).toBe(422);
  });

  it("lets a coach reach only their own groups and lessons: another coach's or tenant's are a 404 that changes nothing", async () => {
    const group = await newGroup('Mine only');
    const lesson = await newLesson(group.id, 'Private draft');
    for (const who of [coach2, betaCoach]) {
      expect((await as(h, who, 'GET', `/api/v1/coach/groups/${group.id}`)).statusCode).toBe(404);
      expect(
        (await as(h, who, 'POST', `/api/v1/coach/groups/${group.id}`, { title: 'Taken' })).statusCode,
      ).toBe(404);
      expect(
        (await as(h, who, 'POST', `/api/v1/coach/groups/${group.id}/lessons`, { title: 'x' })).statusCode,
      ).toBe(404);
      expect((await editLesson(lesson, { title: 'Taken', published: true }, who)).statusCode).toBe(404);
      expect((await as(h, who, 'POST', `/api/v1/coach/lessons/${lesson}/delete`)).statusCode).toBe(404);
      const listed = await as(h, who, 'GET', '/api/v1/coach/groups');
      expect(listed.json().data.map((g: { id: number }) => g.id)).not.toContain(group.id);
    }
    const row = await h.db
      .selectFrom('lessons')
      .select(['title', 'published'])
      .where('id', '=', lesson)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ title: 'Private draft', published: false });
    const page = (await as(h, coach, 'GET', `/api/v1/coach/groups/${group.id}`)).json().data as GroupPage;
    expect(page.lessons.map((l) => l.id)).toEqual([lesson]);
  });

  it("adds only the coach's own clients: another coach's client or another tenant's user is a 404", async () => {
    const group = await newGroup();
    const beta = await demoUser(h, 'client', BETA);
    for (const id of [client2.user.id, beta.id, 2_000_000]) {
      const res = await as(h, coach, 'POST', `/api/v1/coach/groups/${group.id}/members`, { client_id: id });
      expect(res.statusCode).toBe(404);
    }
    const rows = await h.db
      .selectFrom('user_groups')
      .select('user_id')
      .where('group_id', '=', group.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('keeps to the capacity', async () => {
    const group = await newGroup();
    await as(h, coach, 'POST', `/api/v1/coach/groups/${group.id}`, { capacity: 1 });
    const first = await as(h, coach, 'POST', `/api/v1/coach/groups/${group.id}/members`, {
      client_id: client.user.id,
    });
    expect(first.statusCode).toBe(200);
    const basic = await demoUser(h, 'basic');
    const second = await as(h, coach, 'POST', `/api/v1/coach/groups/${group.id}/members`, {
      client_id: basic.id,
    });
    expect(second.statusCode).toBe(422);
    expect(second.json()).toEqual({ error: { client_id: ['The group is full: its one place is taken.'] } });
  });

  it('keeps to the capacity when adds arrive together: one place, ten adds of two clients, one member', async () => {
    const group = await newGroup();
    await as(h, coach, 'POST', `/api/v1/coach/groups/${group.id}`, { capacity: 1 });
    const basic = await demoUser(h, 'basic');
    const adds = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        as(h, coach, 'POST', `/api/v1/coach/groups/${group.id}/members`, {
          client_id: i % 2 === 0 ? client.user.id : basic.id,
        }),
      ),
    );
    const members = await h.db
      .selectFrom('user_groups')
      .select('user_id')
      .where('group_id', '=', group.id)
      .where('status', '=', 'active')
      .execute();
    expect(members).toHaveLength(1);
    // The client who got the place may be added again (nothing changes); the other is refused every time.
    const winner = members[0]!.user_id;
    adds.forEach((res, i) =>
      expect(res.statusCode, `add ${i}`).toBe(
        (i % 2 === 0 ? client.user.id : basic.id) === winner ? 200 : 422,
      ),
    );
  });

  it('hands a group to a colleague once every member is their client; its own lessons go with it', async () => {
    const { group, published } = await openGroupWithMember();
    const coachIdOf = async (who: Person) =>
      (
        await h.db
          .selectFrom('coaches')
          .select('id')
          .where('user_id', '=', who.user.id)
          .executeTakeFirstOrThrow()
      ).id;
    const [mine, theirs, foreign] = [
      await coachIdOf(coach),
      await coachIdOf(coach2),
      await coachIdOf(betaCoach),
    ];
    const page = (await as(h, coach, 'GET', `/api/v1/coach/groups/${group.id}`)).json().data;
    expect(page.colleagues.map((c: { id: number }) => c.id)).toEqual([theirs]);
    const handOver = (to: number, who = coach) =>
      as(h, who, 'POST', `/api/v1/coach/groups/${group.id}/handover`, { coach_id: to });
    for (const to of [mine, foreign])
      expect((await handOver(to)).json(), `coach ${to}`).toEqual({
        error: { coach_id: ['Choose another coach of your business.'] },
      });
    // client@ is coach@'s client, not coach2's: the hand-over says so and changes nothing.
    const refused = await handOver(theirs);
    expect(refused.statusCode).toBe(422);
    const member = await h.db
      .selectFrom('users')
      .select(['first_name', 'last_name'])
      .where('id', '=', client.user.id)
      .executeTakeFirstOrThrow();
    expect(refused.json().error.coach_id).toEqual([
      `Rebecca Stone does not coach ${member.first_name} ${member.last_name}: ask your admin to assign them first, or remove them from the group.`,
    ]);
    expect((await as(h, coach, 'GET', `/api/v1/coach/groups/${group.id}`)).statusCode).toBe(200);
    expect((await handOver(theirs, coach2)).statusCode).toBe(404);
    expect((await handOver(theirs, client)).statusCode).toBe(403);

    await as(h, coach, 'POST', `/api/v1/coach/groups/${group.id}/members/${client.user.id}/remove`);
    const done = await handOver(theirs);
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({ id: group.id, coach: { id: theirs } });
    expect((await as(h, coach, 'GET', `/api/v1/coach/groups/${group.id}`)).statusCode).toBe(404);
    expect((await editLesson(published, { title: 'Mine still?' })).statusCode).toBe(404);
    const now = await as(h, coach2, 'GET', `/api/v1/coach/groups/${group.id}`);
    expect(now.statusCode).toBe(200);
    expect(now.json().data.lessons.map((l: { id: number }) => l.id)).toContain(published);
    expect((await editLesson(published, { title: 'Week one: prices' }, coach2)).statusCode).toBe(200);
  });

  it('reorders lessons, refusing an order that leaves one out', async () => {
    const group = await newGroup();
    const a = await newLesson(group.id, 'A');
    const b = await newLesson(group.id, 'B');
    const c = await newLesson(group.id, 'C');
    const url = `/api/v1/coach/groups/${group.id}/lessons/order`;
    const res = await as(h, coach, 'POST', url, { lesson_ids: [c, a, b] });
    expect(res.statusCode).toBe(200);
    expect((res.json().data as GroupPage).lessons.map((l) => [l.id, l.order])).toEqual([
      [c, 1],
      [a, 2],
      [b, 3],
    ]);
    expect((await as(h, coach, 'POST', url, { lesson_ids: [c, a] })).statusCode).toBe(422);
    expect((await as(h, coach2, 'POST', url, { lesson_ids: [a, b, c] })).statusCode).toBe(404);
  });
});

describe('what clients see', () => {
  it('shows a published lesson at once and a draft through no REST or GraphQL path', async () => {
    const { group, published, draft, userGroupId } = await openGroupWithMember();
    const page = await asClient(GROUP, { ug: userGroupId });
    expect(page.errors).toBeUndefined();
    expect(page.data.usergroup.lessons.map((l: { lesson: { id: number } }) => l.lesson.id)).toEqual([
      published,
    ]);
    expect(page.data.usergroup.group.total_lessons).toBe(1);
    const groups = await asClient(GROUPS);
    expect(groups.data.group.find((g: { id: number }) => g.id === group.id).total_lessons).toBe(1);
    expect(JSON.stringify(groups.data)).not.toContain('secret plans');

    const open = await asClient(LESSON, { lesson_id: published, ug: userGroupId });
    expect(open.data.userlesson).toMatchObject({ id: published, next_lesson: null });
    const hidden = await asClient(LESSON, { lesson_id: draft, ug: userGroupId });
    expect(hidden.errors?.[0]?.message).toBe('Lesson not found.');
    const search = await asClient(ANALYTICS, { lesson_id: draft, ug: userGroupId });
    expect(search.errors?.[0]?.message).toBe('Lesson not found.');
    const ticked = await tick(draft, userGroupId, 'pre_meeting', 1);
    expect(ticked.statusCode).toBe(404);

    // A recording of the draft lesson is not listed; one of the published lesson is.
    for (const [lessonId, title] of [
      [draft, 'Recording: secret plans'],
      [published, 'Recording: pricing'],
    ] as const)
      await h.db
        .insertInto('lesson_recordings')
        .values({
          tenant_id: ALPHA,
          group_id: group.id,
          lesson_id: lessonId,
          title,
          recording_url: 'https://rec.example.com/1',
          recorded_at: h.clock.now(),
        })
        .execute();
    const recordings = await as(h, client, 'POST', '/api/v1/lessons/recording/', {
      user_group_id: userGroupId,
    });
    expect(recordings.json().data.map((r: { title: string }) => r.title)).toEqual(['Recording: pricing']);

    // Publishing reaches the member at once; unpublishing takes it away at once.
    await editLesson(draft, { published: true });
    const after = await asClient(GROUP, { ug: userGroupId });
    expect(after.data.usergroup.lessons.map((l: { lesson: { id: number } }) => l.lesson.id)).toEqual([
      published,
      draft,
    ]);
    await editLesson(draft, { published: false });
    expect((await asClient(LESSON, { lesson_id: draft, ug: userGroupId })).errors?.[0]?.message).toBe(
      'Lesson not found.',
    );
  });

  it('hides a draft group from its members, and from the payment calls', async () => {
    const group = await newGroup('Still writing');
    await as(h, coach, 'POST', `/api/v1/coach/groups/${group.id}`, { price: 10_000 });
    await as(h, coach, 'POST', `/api/v1/coach/groups/${group.id}/members`, { client_id: client.user.id });
    const groups = await asClient(GROUPS);
    expect(groups.data.group.map((g: { id: number }) => g.id)).not.toContain(group.id);
    const paid = await as(h, client, 'POST', '/api/v1/users/studentpaid/', { group_id: group.id });
    expect(paid.statusCode).toBe(404);
    await as(h, coach, 'POST', `/api/v1/coach/groups/${group.id}`, { state: 'open' });
    expect(
      (await as(h, client, 'POST', '/api/v1/users/studentpaid/', { group_id: group.id })).statusCode,
    ).toBe(200);
  });

  it('keeps academy drafts from clients and lets a coach edit only their own modules', async () => {
    const modules = await as(h, coach, 'GET', '/api/v1/coach/academy');
    expect(modules.statusCode).toBe(200);
    expect(modules.json().data.length).toBeGreaterThan(0);
    const created = await as(h, coach, 'POST', '/api/v1/coach/academy/modules', { title: 'Hiring well' });
    expect(created.statusCode).toBe(201);
    const module = created.json().data.find((m: { title: string }) => m.title === 'Hiring well');
    const lesson = await as(h, coach, 'POST', `/api/v1/coach/academy/modules/${module.id}/lessons`, {
      title: 'Draft interview guide',
    });
    expect(lesson.statusCode).toBe(201);
    const lessonId = lesson.json().data.id;
    const academy = await asClient(ACADEMY);
    expect(JSON.stringify(academy.data)).not.toContain('Draft interview guide');
    expect((await asClient(LESSON, { lesson_id: lessonId })).errors?.[0]?.message).toBe('Lesson not found.');
    expect((await tick(lessonId, null, 'taken_quiz', 2)).statusCode).toBe(404);
    await editLesson(lessonId, { published: true });
    const published = await asClient(ACADEMY);
    expect(JSON.stringify(published.data)).toContain('Draft interview guide');
    for (const who of [coach2, betaCoach]) {
      expect(
        (await as(h, who, 'POST', `/api/v1/coach/academy/modules/${module.id}`, { title: 'x' })).statusCode,
      ).toBe(404);
      expect(
        (await as(h, who, 'POST', `/api/v1/coach/academy/modules/${module.id}/lessons`, { title: 'x' }))
          .statusCode,
      ).toBe(404);
    }
  });

  it('stores and answers lesson HTML inert: no script, event handler or javascript: link', async () => {
    const { published, userGroupId } = await openGroupWithMember();
    const res = await editLesson(published, {
      full_desc:
        '<h2 onclick="steal()">Plan</h2><script>alert(1)</script><p>Read <a href="javascript:alert(2)">this</a> and <a href="https://example.com/x" onmouseover="x()">that</a></p><img src=x onerror="alert(3)">',
    });
    expect(res.statusCode).toBe(200);
    const clean =
      '<h2>Plan</h2><p>Read <a>this</a> and <a href="https://example.com/x" rel="noopener noreferrer" target="_blank">that</a></p>';
    expect(res.json().data.full_desc).toBe(clean);
    const stored = await h.db
      .selectFrom('lessons')
      .select('full_desc')
      .where('id', '=', published)
      .executeTakeFirstOrThrow();
    expect(stored.full_desc).toBe(clean);
    // A row written past the API (another door, an old row) is answered inert too.
    await h.db
      .updateTable('lessons')
      .set({ full_desc: '<p onclick="x()">Hi</p><script>alert(1)</script>' })
      .where('id', '=', published)
      .execute();
    const read = await asClient(LESSON, { lesson_id: published, ug: userGroupId });
    expect(read.data.userlesson.full_desc).toBe('<p>Hi</p>');
  });

  it('takes the group away from a removed member at once, and shows the coach each member’s progress', async () => {
    const { group, published, userGroupId } = await openGroupWithMember();
    for (const [i, field] of [
      'pre_meeting',
      'attend_meeting',
      'meeting_worksheet',
      'taken_quiz',
      'post_meeting',
    ].entries())
      expect((await tick(published, userGroupId, field, 10 + i)).statusCode).toBe(200);
    const page = (await as(h, coach, 'GET', `/api/v1/coach/groups/${group.id}`)).json().data as GroupPage;
    expect(page.members.find((m) => m.id === client.user.id)).toMatchObject({
      completed_lessons: 1,
      payment: 'free',
    });

    const removed = await as(
      h,
      coach,
      'POST',
      `/api/v1/coach/groups/${group.id}/members/${client.user.id}/remove`,
    );
    expect(removed.statusCode).toBe(200);
    expect((removed.json().data as GroupPage).members.map((m) => m.id)).not.toContain(client.user.id);
    expect((await asClient(LESSON, { lesson_id: published, ug: userGroupId })).errors?.[0]?.message).toBe(
      'Group not found.',
    );
    expect((await asClient(GROUP, { ug: userGroupId })).errors?.[0]?.message).toBe('Group not found.');
    expect((await tick(published, userGroupId, 'notes', 99)).statusCode).toBe(404);
  });

  it('refuses a client every authoring route', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/coach/groups'],
      ['POST', '/api/v1/coach/groups'],
      ['GET', '/api/v1/coach/academy'],
    ] as const) {
      const res = await as(h, client, method, url, { title: 'x' });
      expect(res.statusCode).toBe(403);
    }
  });
});
