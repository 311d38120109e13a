// Flash-coaching lessons: readable only when SPEC §6's rule holds (the flash_coaching flag, and a progress record
// of the caller's own assessment whose path is the lesson and whose access is 1), 403 otherwise, for other
// users' and tenants' ids too; analytics batches take the user from the token, and a batch resent after a
// failed or lost answer, or arriving late, neither loses a change nor stores anything twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BETA, Harness } from './helpers/harness.js';
import { post } from './helpers/client-work.js';
import type { Person } from './helpers/sign-in.js';
import { signIn } from './helpers/sign-in.js';

const LESSONS = '/api/v1/flashcoaching/lessons';
const RECORD = '/api/v1/flashcoaching';

const h = new Harness();
let me: Person;
let other: Person;
let basic: Person;
let beta: Person;
let myAssessment: number;
let myOlderAssessment: number;
let otherAssessment: number;
let betaAssessment: number;
let open: number;
let locked: number;
let unlisted: number;
let draft: number;
let betaLesson: number;

async function assessment(c: Person, title: string) {
  const currency = await h.db
    .selectFrom('currencies')
    .select('id')
    .where('code', '=', 'USD')
    .executeTakeFirstOrThrow();
  const at = h.clock.now();
  const row = await h.db
    .insertInto('assessments')
    .values({
      tenant_id: c.user.tenantId,
      client_id: c.user.id,
      title,
      currency_id: currency.id,
      assessed_on: '2026-11-01',
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function lesson(
  tenant: number,
  slug: string,
  fields: { published?: boolean; full_desc?: string } = {},
) {
  const at = h.clock.now();
  const row = await h.db
    .insertInto('lessons')
    .values({ tenant_id: tenant, slug, title: `Lesson ${slug}`, created_at: at, updated_at: at, ...fields })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function progress(tenant: number, assessmentId: number, path: string, access: 0 | 1) {
  const at = h.clock.now();
  await h.db
    .insertInto('assessment_progress')
    .values({ tenant_id: tenant, assessment_id: assessmentId, path, access, created_at: at, updated_at: at })
    .execute();
}

beforeAll(async () => {
  await h.start();
  me = await signIn(h);
  other = await signIn(h);
  beta = await signIn(h, { tenant_id: BETA });
  basic = await signIn(h, { flags: { flash_coaching: false } });
  for (const c of [me, other, beta]) await h.setFlags(c.user.id, { flash_coaching: true });

  myAssessment = await assessment(me, 'Autumn assessment');
  myOlderAssessment = await assessment(me, 'Spring assessment');
  otherAssessment = await assessment(other, 'Other client');
  betaAssessment = await assessment(beta, 'Beta client');
  const basicAssessment = await assessment(basic, 'Basic client');
  open = await lesson(501, 'pricing', {
    full_desc: '<p>Raise <strong>prices</strong></p><script>alert(1)</script>',
  });
  locked = await lesson(501, 'cash-flow');
  unlisted = await lesson(501, 'hiring');
  draft = await lesson(501, 'draft', { published: false });
  betaLesson = await lesson(BETA, 'pricing');
  await progress(501, myAssessment, 'pricing', 1);
  await progress(501, myAssessment, 'cash-flow', 0);
  await progress(501, myAssessment, 'draft', 1);
  // The older assessment opens 'hiring', the other client's opens everything: neither counts for the other.
  await progress(501, myOlderAssessment, 'hiring', 1);
  for (const path of ['pricing', 'cash-flow', 'hiring']) await progress(501, otherAssessment, path, 1);
  await progress(BETA, betaAssessment, 'pricing', 1);
  await progress(501, basicAssessment, 'pricing', 1);
});
afterAll(() => h.stop());

const get = (c: Person, url: string) => h.call('GET', url, { tenant: c.user.tenantId, token: c.token });
const lessonUrl = (assessmentId: number, lessonId: number) => `${LESSONS}/${assessmentId}/${lessonId}`;

describe('the access rule', () => {
  it('lists the caller’s lessons, open and locked, and none of anyone else’s', async () => {
    const res = await get(me, LESSONS);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res
      .json()
      .data.map((r: { assessment_id: number; access: number; lesson: { id: number } }) => [
        r.assessment_id,
        r.lesson.id,
        r.access,
      ]);
    expect(rows).toEqual([
      [myOlderAssessment, unlisted, 1],
      [myAssessment, open, 1],
      [myAssessment, locked, 0],
    ]);
  });

  it('opens a lesson only with a progress record of the caller’s assessment with access 1', async () => {
    const res = await get(me, lessonUrl(myAssessment, open));
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.lesson).toMatchObject({ id: open, title: 'Lesson pricing' });
    expect(data.lesson.full_desc).toBe('<p>Raise <strong>prices</strong></p>');
    expect(data.analytics).toMatchObject({ taken_quiz: false, notes: '', updated_at: null });

    const refused = [
      lessonUrl(myAssessment, locked), // access 0
      lessonUrl(myAssessment, unlisted), // no record on this assessment (the older one has it)
      lessonUrl(myOlderAssessment, open), // the record is the other assessment's
      lessonUrl(myAssessment, draft), // unpublished
      lessonUrl(otherAssessment, open), // another client's assessment
      lessonUrl(betaAssessment, betaLesson), // another tenant's ids
      lessonUrl(myAssessment, betaLesson),
      lessonUrl(999_999, open),
    ];
    for (const url of refused) {
      const r = await get(me, url);
      expect(r.statusCode, url).toBe(403);
      expect(r.json()).toEqual({ message: 'This lesson is not open to you yet.' });
    }
    // The beta client's own lesson opens for them, and alpha's ids do not.
    expect((await get(beta, lessonUrl(betaAssessment, betaLesson))).statusCode).toBe(200);
    expect((await get(beta, lessonUrl(myAssessment, open))).statusCode).toBe(403);
    // With the other tenant's header, the token itself is refused.
    expect((await h.call('GET', LESSONS, { tenant: BETA, token: me.token })).statusCode).toBe(403);
  });

  it('refuses everything without the flash_coaching flag, even with an open record', async () => {
    for (const res of [
      await get(basic, LESSONS),
      await get(basic, lessonUrl(myAssessment, open)),
      await post(h, basic, RECORD, { user_id: basic.user.id, data: [] }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Flash coaching is not part of your plan.' });
    }
    expect((await h.call('GET', LESSONS)).statusCode).toBe(401);
  });

  it('follows the flag and the record at once when the coach changes them', async () => {
    await h.db
      .updateTable('assessment_progress')
      .set({ access: 1 })
      .where('assessment_id', '=', myAssessment)
      .where('path', '=', 'cash-flow')
      .execute();
    expect((await get(me, lessonUrl(myAssessment, locked))).statusCode).toBe(200);
    await h.db
      .updateTable('assessment_progress')
      .set({ access: 0 })
      .where('assessment_id', '=', myAssessment)
      .where('path', '=', 'cash-flow')
      .execute();
    expect((await get(me, lessonUrl(myAssessment, locked))).statusCode).toBe(403);
    await h.setFlags(me.user.id, { flash_coaching: false });
    expect((await get(me, lessonUrl(myAssessment, open))).statusCode).toBe(403);
    await h.setFlags(me.user.id, { flash_coaching: true });
  });
});

describe('POST /api/v1/flashcoaching', () => {
  const T = 1_790_000_000_000;
  const change = (
    field: string,
    value: string | boolean,
    at: number,
    lessonId = open,
    assessmentId = myAssessment,
  ) => ({
    assessment_id: assessmentId,
    lesson_id: lessonId,
    field,
    value,
    at,
  });
  const rows = () =>
    h.db.selectFrom('flash_analytics').selectAll().where('user_id', '=', me.user.id).execute();

  it('takes the user from the token: a batch naming another user is refused and stores nothing', async () => {
    const res = await post(h, me, RECORD, { user_id: other.user.id, data: [change('notes', 'mine', T)] });
    expect(res.statusCode).toBe(403);
    expect(
      await h.db
        .selectFrom('flash_analytics')
        .select('id')
        .where('user_id', 'in', [me.user.id, other.user.id])
        .execute(),
    ).toEqual([]);
  });

  it('refuses a whole batch with one change to a lesson not open to the caller, changing nothing', async () => {
    for (const [lessonId, assessmentId] of [
      [locked, myAssessment],
      [open, otherAssessment],
      [betaLesson, betaAssessment],
    ] as const) {
      const res = await post(h, me, RECORD, {
        user_id: me.user.id,
        data: [change('notes', 'first', T), change('taken_quiz', true, T, lessonId, assessmentId)],
      });
      expect(res.statusCode).toBe(403);
    }
    expect(await rows()).toEqual([]);
  });

  it('keeps every change and no duplicate when a batch is resent after a failed or lost answer', async () => {
    const batch = [change('notes', 'Raise the call-out fee', T), change('taken_quiz', true, T + 1)];
    const first = await post(h, me, RECORD, { user_id: me.user.id, data: batch });
    expect(first.statusCode, first.body).toBe(200);
    // The answer was lost: the client resends the kept batch with a newer change recorded meanwhile.
    const again = await post(h, me, RECORD, {
      user_id: me.user.id,
      data: [...batch, change('profit_impact', '$2,000 a month', T + 2)],
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual([
      expect.objectContaining({
        assessment_id: myAssessment,
        lesson_id: open,
        notes: 'Raise the call-out fee',
        taken_quiz: true,
        profit_impact: '$2,000 a month',
      }),
    ]);
    // A late copy of an older send (a page-leave send racing the timer) does not undo the newer note.
    await post(h, me, RECORD, { user_id: me.user.id, data: [change('notes', 'Raise the call-out fee', T)] });
    await post(h, me, RECORD, { user_id: me.user.id, data: [change('notes', 'Raise fees by 10%', T + 10)] });
    await post(h, me, RECORD, { user_id: me.user.id, data: [change('notes', 'an older draft', T + 5)] });
    const stored = await rows();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      notes: 'Raise fees by 10%',
      taken_quiz: true,
      profit_impact: '$2,000 a month',
    });
    const read = await get(me, lessonUrl(myAssessment, open));
    expect(read.json().data.analytics).toMatchObject({ notes: 'Raise fees by 10%', taken_quiz: true });
  });

  it('a replayed batch changes nothing, updated_at included', async () => {
    const batch = [
      change('notes', 'Book the accountant', T, unlisted, myOlderAssessment),
      change('taken_quiz', true, T, unlisted, myOlderAssessment),
    ];
    const first = await post(h, me, RECORD, { user_id: me.user.id, data: batch });
    expect(first.statusCode, first.body).toBe(200);
    h.clock.advance(5000);
    const replay = await post(h, me, RECORD, { user_id: me.user.id, data: batch });
    expect(replay.statusCode).toBe(200);
    expect(replay.json().data[0].updated_at).toBe(first.json().data[0].updated_at);
    expect(replay.json().data[0]).toMatchObject({ notes: 'Book the accountant', taken_quiz: true });
  });

  it('validates the batch at the boundary', async () => {
    const bad = [
      { user_id: me.user.id, data: [{ ...change('notes', 'x', T), extra: 1 }] },
      { user_id: me.user.id, data: [change('lesson_video', 'x', T)] },
      { user_id: me.user.id, data: [change('taken_quiz', 'yes', T)] },
      { user_id: me.user.id, data: [change('profit_impact', 'two\nlines', T)] },
      { user_id: me.user.id, data: [change('notes', 'x'.repeat(10_001), T)] },
      { user_id: me.user.id, data: [change('notes', 'nul\u0000', T)] },
      { user_id: me.user.id, data: Array.from({ length: 101 }, (_, i) => change('notes', 'x', T + i)) },
      { data: [] },
    ];
    for (const body of bad)
      expect((await post(h, me, RECORD, body)).statusCode, JSON.stringify(body).slice(0, 80)).toBe(422);
  });
});
