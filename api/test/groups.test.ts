// Group coaching and the business academy through /gapi and REST: the training flags (403), lesson access
// (locked lessons 403 with why), other members' and tenants' ids (404, or 403 for another user_id), the
// recordings, and the sanitised lesson description.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedGroups } from '../src/seed/seed-groups.js';
import { demoSetFor } from '../src/seed/sets/index.js';
import { ALPHA, BETA, Harness } from './helpers/harness.js';
import { post } from './helpers/client-work.js';
import type { Person } from './helpers/sign-in.js';
import { groupsQuery, joinDemoGroups, member } from './helpers/groups.js';

const h = new Harness();
let me: Person;
let basic: Person;
let other: Person;
let beta: Person;
let ids: Awaited<ReturnType<typeof joinDemoGroups>>;
let otherIds: Awaited<ReturnType<typeof joinDemoGroups>>;
beforeAll(async () => {
  await h.start();
  me = await member(h, { group_coaching: true, business_academy: true });
  basic = await member(h, { group_coaching: false, business_academy: false });
  other = await member(h, { group_coaching: true, business_academy: true });
  beta = await member(h, { group_coaching: true, business_academy: true }, BETA);
  ids = await joinDemoGroups(h, me);
  otherIds = await joinDemoGroups(h, other);
  await joinDemoGroups(h, basic);
  await joinDemoGroups(h, beta);
  // A recording of the free group's first meeting (the demo seed has none: it has no real video to link).
  const [free, lesson] = await Promise.all([
    h.db.selectFrom('user_groups').select('group_id').where('id', '=', ids.free).executeTakeFirstOrThrow(),
    h.db
      .selectFrom('lessons')
      .select('id')
      .where('tenant_id', '=', ALPHA)
      .where('slug', '=', 'know-your-numbers')
      .executeTakeFirstOrThrow(),
  ]);
  await h.db
    .insertInto('lesson_recordings')
    .values({
      tenant_id: ALPHA,
      group_id: free.group_id,
      lesson_id: lesson.id,
      title: 'Group meeting: Know your numbers',
      recording_url: 'https://recordings.example.com/meeting-1',
      duration_minutes: 58,
      recorded_at: h.clock.now(),
    })
    .execute();
});
afterAll(() => h.stop());

const q = (client: Person, query: string, variables: Record<string, unknown> = {}) =>
  groupsQuery(h, client, query, { user_id: client.user.id, ...variables });

const GROUPS = `query ($user_id: Int!, $id: Int, $ug: Int) { group(user_id: $user_id, id: $id, user_group_id: $ug) {
  id user_group_id title group_type price membership_status paid total_lessons coach_email
  progress { total_lessons completed_lessons steps_done total_steps } } }`;
const PAGE = `query ($user_id: Int!, $ug: Int!) { usergroup(user_id: $user_id, user_group_id: $ug) {
  group { title } lessons { lesson_order lesson_length lesson_access locked locked_reason steps_done lesson { id title } } } }`;
const LESSON = `query ($user_id: Int!, $lesson: Int!, $ug: Int) { userlesson(user_id: $user_id, lesson_id: $lesson, user_group_id: $ug) {
  id title full_desc quiz_url context_title next_lesson { id title } previous_lesson { id }
  resources { title order type { name owner } } } }`;
const ACADEMY = `query ($user_id: Int!) { academy(user_id: $user_id) { title lessons { lesson_order lesson { id title } } } }`;

describe('groups', () => {
  it('lists the caller’s groups with SPEC’s fields and progress, and one by id or user_group_id', async () => {
    const res = await q(me, GROUPS);
    expect(res.statusCode).toBe(200);
    const groups = res.json().data.group;
    expect(groups.map((g: { title: string }) => g.title)).toEqual([
      'Profit Accelerator',
      'Leadership Mastermind',
    ]);
    expect(groups[0]).toMatchObject({
      user_group_id: ids.free,
      group_type: 'free',
      membership_status: 'active',
      total_lessons: 3,
      progress: { total_lessons: 3, completed_lessons: 0, steps_done: 0, total_steps: 15 },
    });
    expect(groups[1]).toMatchObject({
      group_type: 'paid',
      price: 49_700,
      membership_status: 'pending',
      paid: false,
    });
    const byUg = (await q(me, GROUPS, { ug: ids.paid })).json().data.group;
    expect(byUg.map((g: { title: string }) => g.title)).toEqual(['Leadership Mastermind']);
    const byId = (await q(me, GROUPS, { id: groups[0].id })).json().data.group;
    expect(byId.map((g: { user_group_id: number }) => g.user_group_id)).toEqual([ids.free]);
  });

  it('shows a group’s lessons in order; a paid group not paid for opens only its free lesson', async () => {
    const free = (await q(me, PAGE, { ug: ids.free })).json().data.usergroup;
    expect(free.group.title).toBe('Profit Accelerator');
    expect(
      free.lessons.map((l: { lesson_order: number; locked: boolean }) => [l.lesson_order, l.locked]),
    ).toEqual([
      [1, false],
      [2, false],
      [3, false],
    ]);
    const paid = (await q(me, PAGE, { ug: ids.paid })).json().data.usergroup;
    expect(paid.lessons.map((l: { locked: boolean }) => l.locked)).toEqual([false, true]);
    expect(paid.lessons[1].locked_reason).toBe(
      'This lesson opens once your place in the group is confirmed.',
    );

    const locked = await q(me, LESSON, { lesson: paid.lessons[1].lesson.id, ug: ids.paid });
    expect(locked.json().errors[0]).toMatchObject({ extensions: { code: 'FORBIDDEN' } });
    expect(locked.json().data).toBeNull();

    // Paid for (the pay flow's change): the lesson opens.
    await h.db
      .updateTable('user_groups')
      .set({ status: 'active', paid: true })
      .where('id', '=', ids.paid)
      .execute();
    const open = await q(me, LESSON, { lesson: paid.lessons[1].lesson.id, ug: ids.paid });
    expect(open.json().data.userlesson.title).toBe('Delegation that sticks');
    await h.db
      .updateTable('user_groups')
      .set({ status: 'pending', paid: false })
      .where('id', '=', ids.paid)
      .execute();
  });

  it('answers a lesson with sanitised HTML, the quiz, resources by order and its neighbours', async () => {
    const page = (await q(me, PAGE, { ug: ids.free })).json().data.usergroup;
    const first = page.lessons[0].lesson.id;
    await h.db
      .updateTable('lessons')
      .set({
        full_desc: '<p onclick="x()">Hi<script>alert(1)</script><img src="https://t.example/p.gif"></p>',
        // The demo lessons link no quiz (there is none to link); this one has one.
        quiz_url: 'https://quiz.example.com/know-your-numbers',
      })
      .where('id', '=', first)
      .execute();
    const lesson = (await q(me, LESSON, { lesson: first, ug: ids.free })).json().data.userlesson;
    expect(lesson.full_desc).toBe('<p>Hi</p>');
    expect(lesson).toMatchObject({
      title: 'Know your numbers',
      context_title: 'Profit Accelerator',
      quiz_url: 'https://quiz.example.com/know-your-numbers',
      previous_lesson: null,
      next_lesson: { id: page.lessons[1].lesson.id, title: 'Pricing for profit' },
    });
    expect(
      lesson.resources.map((r: { order: number; type: { name: string } }) => [r.order, r.type.name]),
    ).toEqual([
      [1, 'Reading'],
      [2, 'Reading'],
      [3, 'Reading'],
    ]);
  });

  it('locks a lesson the coach has not opened', async () => {
    const page = (await q(other, PAGE, { ug: otherIds.free })).json().data.usergroup;
    const third = page.lessons[2].lesson.id;
    await h.db
      .updateTable('member_group_lessons')
      .set({ lesson_access: 0 })
      .where('lesson_id', '=', third)
      .execute();
    const res = await q(other, LESSON, { lesson: third, ug: otherIds.free });
    expect(res.json().errors[0].message).toBe('Your coach has not opened this lesson yet.');
    await h.db
      .updateTable('member_group_lessons')
      .set({ lesson_access: 1 })
      .where('lesson_id', '=', third)
      .execute();
  });

  it('refuses without the group_coaching flag (403), another user_id (403), others’ and tenants’ ids (404)', async () => {
    const noFlag = await q(basic, GROUPS);
    expect(noFlag.json().errors[0]).toMatchObject({ message: 'Group coaching is not part of your plan.' });
    const recordings = await post(h, basic, '/api/v1/lessons/recording/', { user_group_id: ids.free });
    expect(recordings.statusCode).toBe(403);

    const otherUser = await groupsQuery(h, me, GROUPS, { user_id: other.user.id });
    expect(otherUser.json().errors[0].extensions.code).toBe('FORBIDDEN');

    const othersGroup = await q(me, PAGE, { ug: otherIds.free });
    expect(othersGroup.json().errors[0]).toMatchObject({ message: 'Group not found.' });
    const othersById = (await q(me, GROUPS, { ug: otherIds.free })).json().data.group;
    expect(othersById).toEqual([]);
    // Beta's member asking for Alpha ids finds nothing.
    const crossTenant = await q(beta, PAGE, { ug: ids.free });
    expect(crossTenant.json().errors[0].message).toBe('Group not found.');
    const lessonOfOtherGroup = await q(me, LESSON, {
      lesson: (await q(me, PAGE, { ug: ids.paid })).json().data.usergroup.lessons[0].lesson.id,
      ug: ids.free,
    });
    expect(lessonOfOtherGroup.json().errors[0].message).toBe('Lesson not found.');
  });

  it('takes a flag turned off by an admin at the next request of the same session', async () => {
    const before = await q(other, GROUPS);
    expect(before.json().data.group.length).toBeGreaterThan(0);
    await h.db
      .updateTable('users')
      .set({ flags: JSON.stringify({ group_coaching: false, business_academy: true }) })
      .where('id', '=', other.user.id)
      .execute();
    try {
      const after = await q(other, GROUPS);
      expect(after.json().errors[0]).toMatchObject({ message: 'Group coaching is not part of your plan.' });
    } finally {
      await h.db
        .updateTable('users')
        .set({ flags: JSON.stringify({ group_coaching: true, business_academy: true }) })
        .where('id', '=', other.user.id)
        .execute();
    }
    expect((await q(other, GROUPS)).json().data.group.length).toBeGreaterThan(0);
  });

  it('lists a group’s recordings for an active member only', async () => {
    const res = await post(h, me, '/api/v1/lessons/recording/', { user_group_id: ids.free });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      expect.objectContaining({ title: 'Group meeting: Know your numbers', duration_minutes: 58 }),
    ]);
    expect(
      (await post(h, me, '/api/v1/lessons/recording/', { user_group_id: ids.paid })).json().data,
    ).toEqual([]);
    expect(
      (await post(h, me, '/api/v1/lessons/recording/', { user_group_id: otherIds.free })).statusCode,
    ).toBe(404);
    expect(
      (await post(h, me, '/api/v1/lessons/recording/', { user_group_id: ids.free, x: 1 })).statusCode,
    ).toBe(422);
  });
});

describe('business academy', () => {
  it('lists modules and lessons in order and opens an academy lesson', async () => {
    const modules = (await q(me, ACADEMY)).json().data.academy;
    expect(modules.map((m: { title: string }) => m.title)).toEqual(['Foundations', 'Growth']);
    expect(modules[0].lessons.map((l: { lesson: { title: string } }) => l.lesson.title)).toEqual([
      'Setting a vision',
      'Writing an offer',
    ]);
    const lesson = (await q(me, LESSON, { lesson: modules[0].lessons[1].lesson.id })).json().data.userlesson;
    expect(lesson).toMatchObject({ title: 'Writing an offer', context_title: 'Foundations' });
  });

  it('refuses without the business_academy flag, and a group lesson is not an academy lesson', async () => {
    const noFlag = await q(basic, ACADEMY);
    expect(noFlag.json().errors[0].message).toBe('The Business Academy is not part of your plan.');
    const groupLesson = (await q(me, PAGE, { ug: ids.free })).json().data.usergroup.lessons[0].lesson.id;
    const res = await q(me, LESSON, { lesson: groupLesson });
    expect(res.json().errors[0].message).toBe('Lesson not found.');
  });
});

it('seeds idempotently: a second run adds no content and no membership', async () => {
  const count = async (table: 'lessons' | 'user_groups' | 'lesson_recordings') =>
    (await h.db.selectFrom(table).select(h.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
  const before = [await count('lessons'), await count('user_groups'), await count('lesson_recordings')];
  await seedGroups(h.db, {
    tenantId: ALPHA,
    tenantSlug: 'alpha',
    coachId: null,
    memberIds: [me.user.id],
    at: h.clock.now(),
    set: demoSetFor('demo'),
  });
  expect([await count('lessons'), await count('user_groups'), await count('lesson_recordings')]).toEqual(
    before,
  );
});
