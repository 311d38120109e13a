// A lesson's checklist through the API on a real migrated database (PGlite, or PostgreSQL through
// scripts/with-postgres.sh): the coach of the lesson writes, reorders and deletes items (another coach: 404;
// limits and the plain-text rule at the edge); a member reads them with their own ticks on the group or academy
// lesson (another group's member: 404; a draft: not found) and ticks them in the analytics batch, replay-safe
// and newest-wins; completed means every step and every item, and lesson.completed is recorded once (also when
// the coach deletes the one item a member had left); the coach's progress counts ticked items; parallel ticks
// store one row per item.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, startSignedIn } from './helpers/coach.js';
import { BETA, Harness } from './helpers/harness.js';
import { gql } from './helpers/mailbox.js';
import type { Person } from './helpers/sign-in.js';
import { signIn } from './helpers/sign-in.js';

const h = new Harness();
let coach: Person;
let coach2: Person;
let client: Person;
let client2: Person;
let betaCoach: Person;
let groupId: number;
let lessonId: number;
let userGroupId: number;
beforeAll(async () => {
  [coach, coach2, client, client2, betaCoach] = await startSignedIn(
    h,
    'coach',
    'coach2',
    'client',
    'client2',
    ['coach', BETA],
  );
  const group = await as(h, coach, 'POST', '/api/v1/coach/groups', { title: 'Checklist cohort' });
  groupId = group.json().data.id;
  const lesson = await as(h, coach, 'POST', `/api/v1/coach/groups/${groupId}/lessons`, { title: 'Prices' });
  lessonId = lesson.json().data.id;
  await as(h, coach, 'POST', `/api/v1/coach/lessons/${lessonId}`, { published: true });
  await as(h, coach, 'POST', `/api/v1/coach/groups/${groupId}`, { state: 'open' });
  const added = await as(h, coach, 'POST', `/api/v1/coach/groups/${groupId}/members`, {
    client_id: client.user.id,
  });
  userGroupId = added.json().data.members.find((m: { id: number }) => m.id === client.user.id).user_group_id;
});
afterAll(() => h.stop());

type Item = { id: number; text: string };
const checklistUrl = (id = lessonId) => `/api/v1/coach/lessons/${id}/checklist`;
const save = (items: { id?: number; text: string }[], who = coach, id = lessonId) =>
  as(h, who, 'POST', checklistUrl(id), { items });
const write = async (texts: string[], id = lessonId): Promise<Item[]> => {
  const res = await save(
    texts.map((text) => ({ text })),
    coach,
    id,
  );
  expect(res.statusCode).toBe(200);
  return res.json().data.items;
};

const LESSON = `query ($user_id: Int!, $lesson_id: Int!, $ug: Int) {
  userlesson(user_id: $user_id, lesson_id: $lesson_id, user_group_id: $ug) { id checklist { id text ticked } } }`;
const read = (who: Person, id = lessonId, ug: number | null = userGroupId) =>
  gql(h, who, LESSON, { user_id: who.user.id, lesson_id: id, ug });

let seq = 0;
const tickChange = (
  itemId: number,
  value: boolean,
  at: number,
  lesson = lessonId,
  ug: number | null = userGroupId,
) => ({
  id: `t-${++seq}`,
  lesson_id: lesson,
  user_group_id: ug,
  field: 'checklist',
  item_id: itemId,
  value,
  at,
});
const stepChange = (field: string, at: number) => ({
  id: `s-${++seq}`,
  lesson_id: lessonId,
  user_group_id: userGroupId,
  field,
  value: true,
  at,
});
const send = (data: unknown[], who = client) =>
  as(h, who, 'POST', '/api/v1/training-analytics/', { user_id: who.user.id, data });
const tickRows = (itemIds: number[]) =>
  h.db
    .selectFrom('lesson_checklist_ticks')
    .select(['item_id', 'ticked', 'user_id'])
    .where('item_id', 'in', itemIds)
    .execute();
const completions = () =>
  h.db
    .selectFrom('events')
    .select('data')
    .where('type', '=', 'lesson.completed')
    .execute()
    .then((rows) => rows.filter((r) => (r.data as { lesson_id: number }).lesson_id === lessonId));

let integrationKey: string | undefined;
/**
 * The client's progress of a lesson as the business's own systems read it: the integration API with a read key
 * an admin made, the rows changed from `since` on.
 */
async function integrationRow(lesson: number, ug: number | null, since?: Date) {
  if (!integrationKey) {
    const admin = await signIn(h, { demo: 'admin' });
    const made = await as(h, admin, 'POST', '/api/v1/admin/api-keys', { name: 'CRM', scope: 'read' });
    integrationKey = made.json().data.key as string;
  }
  const url = `/integration/v1/lesson-progress?limit=200${since ? `&since=${since.toISOString()}` : ''}`;
  const res = await h.app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${integrationKey}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().next_cursor).toBeNull();
  return (
    res.json().data as { lesson_id: number; user_group_id: number | null; client_email: string }[]
  ).find(
    (row) => row.lesson_id === lesson && row.user_group_id === ug && row.client_email === client.user.email,
  );
}

describe('the coach writes a checklist', () => {
  it('adds, edits, reorders and deletes items, keeping the ids of the items kept', async () => {
    const [a, b, c] = await write([
      'Bring last month’s price list',
      'Mark your three best sellers',
      'Pick one',
    ]);
    const res = await save([
      { id: c!.id, text: 'Pick one price to raise' },
      { id: a!.id, text: a!.text },
      { text: 'Tell one client' },
    ]);
    expect(res.statusCode).toBe(200);
    const items: Item[] = res.json().data.items;
    expect(items.map((i) => i.text)).toEqual([
      'Pick one price to raise',
      'Bring last month’s price list',
      'Tell one client',
    ]);
    expect(items.slice(0, 2).map((i) => i.id)).toEqual([c!.id, a!.id]);
    expect(items.map((i) => i.id)).not.toContain(b!.id);
    expect((await as(h, coach, 'GET', checklistUrl())).json().data.items).toEqual(items);
  });

  it("is the lesson's coach's alone: another coach, another tenant's and a client get nothing", async () => {
    const before = (await as(h, coach, 'GET', checklistUrl())).json().data.items;
    for (const who of [coach2, betaCoach]) {
      expect((await as(h, who, 'GET', checklistUrl())).statusCode).toBe(404);
      expect((await save([{ text: 'Sneaky' }], who)).statusCode).toBe(404);
    }
    expect((await save([{ text: 'Sneaky' }], client)).statusCode).toBe(403);
    // Another lesson's item id is not taken over: it is a new item here, the other lesson keeps its own.
    const otherLesson = (
      await as(h, coach, 'POST', `/api/v1/coach/groups/${groupId}/lessons`, { title: 'Other' })
    ).json().data.id;
    const [theirs] = await write(['Theirs'], otherLesson);
    const mine = (await save([...before, { id: theirs!.id, text: 'Mine now?' }])).json().data.items;
    expect(mine.at(-1).id).not.toBe(theirs!.id);
    expect((await as(h, coach, 'GET', checklistUrl(otherLesson))).json().data.items).toEqual([theirs]);
    await save(before);
  });

  it('refuses too many items, too long an item, an empty one and control characters with a 422', async () => {
    const tooMany = Array.from({ length: 21 }, (_, i) => ({ text: `Item ${i + 1}` }));
    for (const items of [
      tooMany,
      [{ text: 'x'.repeat(201) }],
      [{ text: '   ' }],
      [{ text: 'Bell\u0007 ringing' }],
      [{ text: 'Two\nlines' }],
    ]) {
      const res = await save(items);
      expect(res.statusCode).toBe(422);
    }
  });
});

describe('a member reads and ticks the checklist', () => {
  it('comes with the lesson, in order, with the caller’s ticks; another group’s member and a draft get none', async () => {
    const items = await write(['Bring the price list', 'Mark best sellers', 'Pick one price']);
    const answer = await read(client);
    expect(answer.data.userlesson.checklist).toEqual(items.map((i) => ({ ...i, ticked: false })));
    // client2 is in no such group: the membership is the caller's or nothing.
    const other = await read(client2);
    expect(other.errors?.[0]?.message).toBe('Group not found.');
    const refused = await send([tickChange(items[0]!.id, true, h.clock.now().getTime())], client2);
    expect(refused.statusCode).toBe(404);
    expect(await tickRows(items.map((i) => i.id))).toEqual([]);

    await as(h, coach, 'POST', `/api/v1/coach/lessons/${lessonId}`, { published: false });
    expect((await read(client)).errors?.[0]?.message).toBe('Lesson not found.');
    expect((await send([tickChange(items[0]!.id, true, h.clock.now().getTime())])).statusCode).toBe(404);
    await as(h, coach, 'POST', `/api/v1/coach/lessons/${lessonId}`, { published: true });
    expect(await tickRows(items.map((i) => i.id))).toEqual([]);
  });

  it('applies a replayed tick once and keeps the newest tick of each item', async () => {
    const items = await write(['One', 'Two']);
    const t = h.clock.now().getTime();
    const tick = tickChange(items[0]!.id, true, t);
    expect((await send([tick])).json().data).toMatchObject({ applied: 1, ignored: 0 });
    expect((await send([tick])).json().data).toMatchObject({ applied: 0, ignored: 1 });
    // An older untick arriving late changes nothing; a newer one wins.
    expect((await send([tickChange(items[0]!.id, false, t - 500)])).json().data.applied).toBe(0);
    expect((await read(client)).data.userlesson.checklist[0].ticked).toBe(true);
    await send([tickChange(items[0]!.id, false, t + 500)]);
    expect((await read(client)).data.userlesson.checklist[0].ticked).toBe(false);
    // Another lesson's item is ignored, not stored.
    const otherLesson = (
      await as(h, coach, 'POST', `/api/v1/coach/groups/${groupId}/lessons`, { title: 'Elsewhere' })
    ).json().data.id;
    const [elsewhere] = await write(['Elsewhere'], otherLesson);
    expect((await send([tickChange(elsewhere!.id, true, t + 600)])).json().data.applied).toBe(0);
    expect(await tickRows([elsewhere!.id])).toEqual([]);
  });

  it('refuses a checklist change without its item, and an item on another field', async () => {
    const t = h.clock.now().getTime();
    const { item_id: _item, ...noItem } = tickChange(1, true, t);
    expect((await send([noItem])).statusCode).toBe(422);
    expect((await send([{ ...stepChange('pre_meeting', t), item_id: 1 }])).statusCode).toBe(422);
  });
});

describe('completion', () => {
  it('needs every step and every item; lesson.completed once; an added item reopens it, a deleted one drops its ticks', async () => {
    const items = await write(['Bring the price list', 'Mark best sellers', 'Pick one price']);
    const t = h.clock.now().getTime();
    const before = (await completions()).length;
    const steps = ['pre_meeting', 'attend_meeting', 'meeting_worksheet', 'taken_quiz', 'post_meeting'];
    await send(steps.map((field) => stepChange(field, t)));
    await send(items.slice(0, 2).map((item) => tickChange(item.id, true, t + 1)));
    expect(await completions()).toHaveLength(before);
    const progress = async () =>
      (await as(h, coach, 'GET', `/api/v1/coach/groups/${groupId}/progress`)).json().data;
    const cell = async () =>
      (await progress()).members.find((m: { member: { id: number } }) => m.member.id === client.user.id)
        .cells[0];
    expect(await cell()).toEqual({ watched: true, ticked: 5, checked: 2, completed: false });
    expect(await integrationRow(lessonId, userGroupId)).toMatchObject({
      post_meeting: true,
      checklist_items: 3,
      checklist_ticked: 2,
      completed: false,
    });

    const last = tickChange(items[2]!.id, true, t + 2);
    h.clock.advance(60_000);
    const tickedAt = h.clock.now();
    await send([last]);
    await send([last]);
    expect((await completions()).slice(before)).toEqual([
      {
        data: expect.objectContaining({
          user_id: client.user.id,
          lesson_id: lessonId,
          user_group_id: userGroupId,
        }),
      },
    ]);
    expect(await cell()).toEqual({ watched: true, ticked: 5, checked: 3, completed: true });
    // A tick alone is news for a system polling by last change.
    expect(await integrationRow(lessonId, userGroupId, tickedAt)).toMatchObject({
      checklist_items: 3,
      checklist_ticked: 3,
      completed: true,
    });
    const completedLessons = async () =>
      (await as(h, coach, 'GET', `/api/v1/coach/groups/${groupId}`))
        .json()
        .data.members.find((m: { id: number }) => m.id === client.user.id).completed_lessons;
    expect(await completedLessons()).toBe(1);
    // The coach's page of the client counts it the same way.
    const onClientPage = async () =>
      (await as(h, coach, 'GET', `/api/v1/coach/clients/${client.user.id}`))
        .json()
        .data.groups.find((g: { id: number }) => g.id === userGroupId).completed;
    expect(await onClientPage()).toBe(1);
    const GROUP = `query ($user_id: Int!, $ug: Int!) { usergroup(user_id: $user_id, user_group_id: $ug) {
      group { progress { completed_lessons } } } }`;
    const ownProgress = async () =>
      (await gql(h, client, GROUP, { user_id: client.user.id, ug: userGroupId })).data.usergroup.group
        .progress.completed_lessons;
    expect(await ownProgress()).toBe(1);
    const figures = await progress();
    expect(figures.lessons[0]).toMatchObject({ checklist: 3, checked: 3, completed: 1 });
    const csv = (await as(h, coach, 'GET', `/api/v1/coach/groups/${groupId}/progress/csv`)).body.split(
      '\r\n',
    );
    expect(csv[0]).toBe(
      'Member,Lesson,Watched,Steps ticked,Steps,Checklist ticked,Checklist items,Completed',
    );
    expect(csv.find((line) => line.includes('Prices'))).toMatch(/,yes,5,5,3,3,yes$/);

    // The coach adds an item: the lesson is no longer complete.
    const grown = await save([...items, { text: 'Tell one client' }]);
    const added: Item = grown.json().data.items.at(-1);
    expect(await cell()).toEqual({ watched: true, ticked: 5, checked: 3, completed: false });
    expect(await completedLessons()).toBe(0);
    expect(await onClientPage()).toBe(0);
    expect(await integrationRow(lessonId, userGroupId)).toMatchObject({
      checklist_items: 4,
      checklist_ticked: 3,
      completed: false,
    });
    expect(await ownProgress()).toBe(0);
    expect((await read(client)).data.userlesson.checklist.at(-1)).toEqual({ ...added, ticked: false });
    // Ticking it completes the lesson again (a second event: it became complete a second time).
    await send([tickChange(added.id, true, t + 3)]);
    expect((await completions()).slice(before)).toHaveLength(2);

    // Deleting an item drops its ticks.
    await save(items.slice(1));
    expect(await tickRows([items[0]!.id])).toEqual([]);
    expect(await cell()).toEqual({ watched: true, ticked: 5, checked: 2, completed: true });

    // The coach adds an item, then deletes it before the member ticks it: the delete completes the lesson, and
    // it is reported, although the member did nothing.
    const current: Item[] = (await as(h, coach, 'GET', checklistUrl())).json().data.items;
    await save([...current, { text: 'Call the supplier' }]);
    expect(await cell()).toMatchObject({ completed: false });
    const count = (await completions()).length;
    // Swapped for another new item in one save: still one to tick, nothing reported.
    await save([...current, { text: 'Call two suppliers' }]);
    expect(await completions()).toHaveLength(count);
    await save(current);
    expect(await cell()).toMatchObject({ completed: true });
    expect((await completions()).slice(count)).toEqual([
      {
        data: expect.objectContaining({
          user_id: client.user.id,
          lesson_id: lessonId,
          user_group_id: userGroupId,
        }),
      },
    ]);
    // A delete from a list the member had finished changes nothing: no second report.
    await save(current.slice(1));
    expect(await completions()).toHaveLength(count + 1);
  });

  it('an academy lesson: its two steps and its checklist, ticked without a group', async () => {
    const created = await as(h, coach, 'POST', '/api/v1/coach/academy/modules', { title: 'Checklists' });
    const module = created.json().data.find((m: { title: string }) => m.title === 'Checklists');
    const academyLesson = (
      await as(h, coach, 'POST', `/api/v1/coach/academy/modules/${module.id}/lessons`, {
        title: 'Self-paced',
      })
    ).json().data.id;
    const [item] = await write(['Fill in the worksheet'], academyLesson);
    expect((await read(client, academyLesson, null)).errors?.[0]?.message).toBe('Lesson not found.');
    await as(h, coach, 'POST', `/api/v1/coach/lessons/${academyLesson}`, { published: true });
    expect((await read(client, academyLesson, null)).data.userlesson.checklist).toEqual([
      { ...item, ticked: false },
    ]);
    const t = h.clock.now().getTime();
    const res = await send([tickChange(item!.id, true, t, academyLesson, null)]);
    expect(res.json().data.applied).toBe(1);
    expect((await read(client, academyLesson, null)).data.userlesson.checklist[0].ticked).toBe(true);
    // The academy's two steps and the item: completed, whatever the group steps say.
    expect(await integrationRow(academyLesson, null)).toMatchObject({
      checklist_ticked: 1,
      completed: false,
    });
    const steps = ['meeting_worksheet', 'taken_quiz'].map((field) => ({
      ...stepChange(field, t + 1),
      lesson_id: academyLesson,
      user_group_id: null,
    }));
    expect((await send(steps)).json().data.applied).toBe(2);
    expect(await integrationRow(academyLesson, null)).toMatchObject({
      post_meeting: false,
      checklist_items: 1,
      checklist_ticked: 1,
      completed: true,
    });
  });
});

describe('parallel ticks', () => {
  it('20 batches ticking the same items at once store one row per item', async () => {
    const items = await write(['A', 'B', 'C']);
    const t = h.clock.now().getTime();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        send(items.map((item) => tickChange(item.id, n % 2 === 0, t + n))),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const rows = await tickRows(items.map((i) => i.id));
    expect(rows).toHaveLength(3);
    // The newest batch (n = 19, an untick) wins whatever order they ran in.
    expect(rows.every((r) => r.ticked === false)).toBe(true);
  });
});
