// Lesson analytics batches (POST training-analytics/, manageAnalytics, analyticsSearch): idempotent under a
// failing-then-succeeding send (the same batch applied twice, and an old batch arriving after a newer one,
// change nothing), refused whole for a lesson that is not open to the caller, with the user taken from the
// token (another user_id: 403, nothing changed).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BETA, Harness } from './helpers/harness.js';
import { post } from './helpers/client-work.js';
import type { Person } from './helpers/sign-in.js';
import { groupsQuery, joinDemoGroups, member } from './helpers/groups.js';

const h = new Harness();
let me: Person;
let other: Person;
let beta: Person;
let ug: { free: number; paid: number };
let lessonIds: number[];
let paidLocked: number;
let academyLesson: number;
beforeAll(async () => {
  await h.start();
  me = await member(h, { group_coaching: true, business_academy: true });
  other = await member(h, { group_coaching: true, business_academy: false });
  beta = await member(h, { group_coaching: true, business_academy: true }, BETA);
  ug = await joinDemoGroups(h, me);
  await joinDemoGroups(h, other);
  await joinDemoGroups(h, beta);
  const lessons = await h.db
    .selectFrom('member_group_lessons')
    .innerJoin('user_groups', 'user_groups.group_id', 'member_group_lessons.group_id')
    .select(['member_group_lessons.lesson_id', 'user_groups.id as ug'])
    .where('user_groups.user_id', '=', me.user.id)
    .orderBy('member_group_lessons.lesson_order')
    .execute();
  lessonIds = lessons.filter((l) => l.ug === ug.free).map((l) => l.lesson_id);
  paidLocked = lessons.filter((l) => l.ug === ug.paid)[1]!.lesson_id;
  const academy = await h.db
    .selectFrom('academy_lessons')
    .select('lesson_id')
    .where('tenant_id', '=', me.user.tenantId)
    .executeTakeFirstOrThrow();
  academyLesson = academy.lesson_id;
});
afterAll(() => h.stop());

let seq = 0;
const change = (
  field: string,
  value: string | boolean,
  at: number,
  lesson = lessonIds[0],
  group: number | null = ug.free,
) => ({
  id: `c-${++seq}`,
  lesson_id: lesson,
  user_group_id: group,
  field,
  value,
  at,
});

const send = (client: Person, data: unknown[], userId = client.user.id) =>
  post(h, client, '/api/v1/training-analytics/', { data, user_id: userId });

const SEARCH = `query ($user_id: Int!, $lesson: Int!, $ug: Int) { analyticsSearch(user_id: $user_id, lesson_id: $lesson, user_group_id: $ug) {
  lesson_id user_group_id profit_impact pre_meeting attend_meeting meeting_worksheet taken_quiz post_meeting notes } }`;
const search = async (client: Person, lesson = lessonIds[0], group: number | null = ug.free) =>
  (await groupsQuery(h, client, SEARCH, { user_id: client.user.id, lesson, ug: group })).json().data
    ?.analyticsSearch;

describe('training analytics batches', () => {
  it('answers defaults before the first change, then the saved values', async () => {
    expect(await search(me)).toEqual({
      lesson_id: lessonIds[0],
      user_group_id: ug.free,
      profit_impact: '',
      pre_meeting: false,
      attend_meeting: false,
      meeting_worksheet: false,
      taken_quiz: false,
      post_meeting: false,
      notes: '',
    });
    const t = h.clock.now().getTime();
    const res = await send(me, [change('pre_meeting', true, t), change('notes', 'Line one\nLine two', t)]);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ applied: 2, ignored: 0 });
    expect(await search(me)).toMatchObject({ pre_meeting: true, notes: 'Line one\nLine two' });
  });

  it('loses nothing and duplicates nothing when a send fails and is retried', async () => {
    const t = h.clock.now().getTime() - 60_000;
    // The first send reached the server but its answer was lost: the client keeps the batch.
    const batch = [change('profit_impact', '$2,000 a month', t), change('taken_quiz', true, t + 1)];
    expect((await send(me, batch)).statusCode).toBe(200);
    // Meanwhile the member typed on: the batch now holds the newer profit_impact and the unsent taken_quiz.
    const retry = [change('profit_impact', '$2,500 a month', t + 2), batch[1]];
    // Its taken_quiz is stored already (same id and time): a replay, ignored.
    expect((await send(me, retry)).json().data).toMatchObject({ applied: 1, ignored: 1 });
    // The lost first send arrives again late (a keepalive send after the page was left): nothing goes back,
    // and its taken_quiz, the very change already stored (same id and time), counts as ignored too.
    expect((await send(me, batch)).json().data).toMatchObject({ applied: 0, ignored: 2 });
    const saved = await search(me);
    expect(saved).toMatchObject({
      profit_impact: '$2,500 a month',
      taken_quiz: true,
      notes: 'Line one\nLine two',
    });
    const rows = await h.db
      .selectFrom('lesson_analytics')
      .select('id')
      .where('user_id', '=', me.user.id)
      .where('lesson_id', '=', lessonIds[0]!)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('ignores a replayed batch: nothing applied, both counted as ignored, updated_at unchanged', async () => {
    const t = h.clock.now().getTime() - 1000;
    const batch = [
      change('notes', 'Call the bank', t, lessonIds[2]),
      change('profit_impact', '$900', t, lessonIds[2]),
    ];
    const first = (await send(me, batch)).json().data;
    expect(first).toMatchObject({ applied: 2, ignored: 0 });
    h.clock.advance(5000);
    const replay = await send(me, batch);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().data).toMatchObject({ applied: 0, ignored: 2 });
    expect(replay.json().data.analytics[0].updated_at).toBe(first.analytics[0].updated_at);
    // Another change of the same millisecond is not a replay: it is applied if its id is greater (ids
    // compare as text), so two changes of one millisecond end the same in either order.
    const [a, b] = [
      { ...change('profit_impact', 'tie a', t, lessonIds[2]), id: 'tie-a' },
      { ...change('profit_impact', 'tie b', t, lessonIds[2]), id: 'tie-b' },
    ];
    expect((await send(me, [b])).json().data).toMatchObject({ applied: 1, ignored: 0 });
    expect((await send(me, [a])).json().data).toMatchObject({ applied: 0, ignored: 1 });
    expect(await search(me, lessonIds[2])).toMatchObject({ profit_impact: 'tie b', notes: 'Call the bank' });
  });

  it('keeps the newest of two changes of one field in a batch, whatever their order', async () => {
    const t = h.clock.now().getTime();
    await send(me, [
      change('notes', 'newer', t + 10, lessonIds[1]),
      change('notes', 'older', t, lessonIds[1]),
    ]);
    expect(await search(me, lessonIds[1])).toMatchObject({ notes: 'newer' });
  });

  it('takes a clock ahead of the server as the server’s time, so it cannot lock a field', async () => {
    const t = h.clock.now().getTime();
    await send(me, [change('notes', 'from the future', t + 365 * 86_400_000, lessonIds[2])]);
    h.clock.advance(1000);
    await send(me, [change('notes', 'later', h.clock.now().getTime(), lessonIds[2])]);
    expect(await search(me, lessonIds[2])).toMatchObject({ notes: 'later' });
  });

  it('keeps academy analytics apart from group analytics', async () => {
    const t = h.clock.now().getTime();
    await send(me, [change('post_meeting', true, t, academyLesson, null)]);
    expect(await search(me, academyLesson, null)).toMatchObject({ post_meeting: true, user_group_id: null });
  });

  it('refuses a whole batch with a lesson not open to the caller, and changes nothing', async () => {
    const t = h.clock.now().getTime() + 1;
    const before = await search(me);
    const locked = await send(me, [change('notes', 'x', t), change('notes', 'y', t, paidLocked, ug.paid)]);
    expect(locked.statusCode).toBe(403);
    const othersGroup = await send(other, [change('notes', 'x', t, lessonIds[0], ug.free)]);
    expect(othersGroup.statusCode).toBe(404);
    const otherTenant = await send(beta, [change('notes', 'x', t, lessonIds[0], ug.free)]);
    expect(otherTenant.statusCode).toBe(404);
    const noAcademy = await send(other, [change('notes', 'x', t, academyLesson, null)]);
    expect(noAcademy.statusCode).toBe(403);
    expect(await search(me)).toEqual(before);
  });

  it('takes the user from the token: another user_id is refused and changes nothing', async () => {
    const before = await search(me);
    const res = await send(other, [change('notes', 'hijack', h.clock.now().getTime() + 5)], me.user.id);
    expect(res.statusCode).toBe(403);
    const mine = await send(me, [change('notes', 'x', h.clock.now().getTime() + 5)], other.user.id);
    expect(mine.statusCode).toBe(403);
    expect(await search(me)).toEqual(before);
    const otherSearch = await groupsQuery(h, other, SEARCH, {
      user_id: me.user.id,
      lesson: lessonIds[0],
      ug: ug.free,
    });
    expect(otherSearch.json().errors[0].extensions.code).toBe('FORBIDDEN');
  });

  it('validates every change: field, value type, length, control characters, batch size (422)', async () => {
    const t = h.clock.now().getTime();
    for (const bad of [
      [change('pre_meeting', 'yes', t)],
      [change('role_id', 'x', t)],
      [change('profit_impact', 'a\nb', t)],
      [change('profit_impact', 'x'.repeat(201), t)],
      [{ ...change('notes', 'x', t), extra: 1 }],
      Array.from({ length: 101 }, (_, i) => change('notes', String(i), t)),
    ]) {
      expect((await send(me, bad)).statusCode).toBe(422);
    }
  });

  it('manageAnalytics applies the same batches through GraphQL, idempotently', async () => {
    const MANAGE = `mutation ($user_id: Int!, $data: [AnalyticsChange!]!) { manageAnalytics(user_id: $user_id, data: $data) {
      applied ignored analytics { attend_meeting meeting_worksheet } } }`;
    const t = h.clock.now().getTime() + 100;
    const data = [
      {
        id: 'g-1',
        lesson_id: lessonIds[1],
        user_group_id: ug.free,
        field: 'attend_meeting',
        checked: true,
        at: t,
      },
      {
        id: 'g-2',
        lesson_id: lessonIds[1],
        user_group_id: ug.free,
        field: 'meeting_worksheet',
        checked: true,
        at: t,
      },
    ];
    const first = await groupsQuery(h, me, MANAGE, { user_id: me.user.id, data });
    expect(first.json().data.manageAnalytics).toEqual({
      applied: 2,
      ignored: 0,
      analytics: [{ attend_meeting: true, meeting_worksheet: true }],
    });
    const replay = await groupsQuery(h, me, MANAGE, { user_id: me.user.id, data });
    expect(replay.json().data.manageAnalytics).toMatchObject({ applied: 0, ignored: 2 });
    const bad = await groupsQuery(h, me, MANAGE, {
      user_id: me.user.id,
      data: [{ ...data[0], text: 'not a flag', checked: null }],
    });
    expect(bad.json().errors[0].extensions.code).toBe('BAD_USER_INPUT');
    // The group page counts the steps.
    const PAGE = `query ($user_id: Int!, $ug: Int!) { usergroup(user_id: $user_id, user_group_id: $ug) { lessons { steps_done } } }`;
    const page = (await groupsQuery(h, me, PAGE, { user_id: me.user.id, ug: ug.free })).json().data.usergroup;
    expect(page.lessons.map((l: { steps_done: number }) => l.steps_done)).toEqual([2, 2, 0]);
  });
});

describe('steps of a self-paced academy lesson', () => {
  it('counts only the steps that need no meeting (the worksheet and the quiz)', async () => {
    const t = h.clock.now().getTime() + 500;
    await send(me, [
      change('attend_meeting', true, t, academyLesson, null),
      change('pre_meeting', true, t, academyLesson, null),
      change('post_meeting', true, t, academyLesson, null),
      change('meeting_worksheet', true, t, academyLesson, null),
    ]);
    const ACADEMY = `query ($user_id: Int!) { academy(user_id: $user_id) { lessons { steps_done lesson { id } } } }`;
    const modules = (await groupsQuery(h, me, ACADEMY, { user_id: me.user.id })).json().data.academy;
    const lessons = modules.flatMap(
      (m: { lessons: { steps_done: number; lesson: { id: number } }[] }) => m.lessons,
    );
    expect(lessons.find((l: { lesson: { id: number } }) => l.lesson.id === academyLesson).steps_done).toBe(1);
  });
});

describe('a lesson completed', () => {
  const completions = () =>
    h.db.selectFrom('events').select(['tenant_id', 'data']).where('type', '=', 'lesson.completed').execute();

  it('records lesson.completed once, by the batch that ticks the last step or checklist item of the lesson in its context', async () => {
    const before = (await completions()).length;
    const lesson = lessonIds[2];
    const t = h.clock.now().getTime() + 1000;
    const steps = ['pre_meeting', 'attend_meeting', 'meeting_worksheet', 'taken_quiz'];
    await send(
      me,
      steps.map((field) => change(field, true, t, lesson)),
    );
    expect(await completions()).toHaveLength(before);
    // Every step, but the lesson's checklist is not ticked yet: not complete.
    await send(me, [change('post_meeting', true, t, lesson)]);
    expect(await completions()).toHaveLength(before);
    const items = await h.db
      .selectFrom('lesson_checklist_items')
      .select('id')
      .where('lesson_id', '=', lesson!)
      .execute();
    expect(items.length).toBeGreaterThan(0);
    await send(me, [
      ...items.map((item) => ({ ...change('checklist', true, t + 1, lesson), item_id: item.id })),
      change('notes', 'Done', t + 1, lesson),
    ]);
    // Sent again (a retry), or another field changed: still one.
    await send(me, [change('notes', 'Done, really', t + 2, lesson)]);
    const events = (await completions()).slice(before);
    expect(events).toEqual([
      {
        tenant_id: me.user.tenantId,
        data: {
          user_id: me.user.id,
          lesson_id: lesson,
          user_group_id: ug.free,
          completed_at: expect.any(String),
        },
      },
    ]);
    // An academy lesson is complete with its worksheet and quiz (it has no meeting).
    await send(me, [change('taken_quiz', true, t + 3, academyLesson, null)]);
    expect((await completions()).slice(before + 1)).toEqual([
      expect.objectContaining({
        data: expect.objectContaining({ lesson_id: academyLesson, user_group_id: null }),
      }),
    ]);
  });
});
