// Assessments and implementation: currencies, the list, the analysis, the plan, a focus area's steps and adding
// one (optionally onto the action-steps board). Another client's or tenant's ids are a 404 (a token used with
// another tenant's header a 403) and change nothing; every body is checked (422).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAssessments } from '../src/seed/seed-assessments.js';
import { demoSetFor } from '../src/seed/sets/index.js';
import { BETA, Harness } from './helpers/harness.js';
import { post, withClientWork } from './helpers/client-work.js';
import type { Person } from './helpers/sign-in.js';
import { signIn } from './helpers/sign-in.js';

const h = new Harness();
let me: Person;
let other: Person;
let stranger: Person;
let empty: Person;

async function withAssessments(client: Person, currency = 'USD'): Promise<Person> {
  const company = await h.db
    .insertInto('companies')
    .values({
      tenant_id: client.user.tenantId,
      name: `Company of ${client.user.email}`,
      website: null,
      industry: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await seedAssessments(h.db, {
    tenantId: client.user.tenantId,
    clientId: client.user.id,
    companyId: company.id,
    set: { ...demoSetFor('demo'), currency },
    full: true,
    at: h.clock.now(),
  });
  return client;
}

beforeAll(async () => {
  await h.start();
  me = await withAssessments(await withClientWork(h, await signIn(h)));
  other = await withAssessments(await withClientWork(h, await signIn(h)), 'EUR');
  stranger = await withAssessments(await withClientWork(h, await signIn(h, { tenant_id: BETA })), 'GBP');
  empty = await signIn(h);
});
afterAll(() => h.stop());

const get = (client: Person, url: string) =>
  h.call('GET', url, { tenant: client.user.tenantId, token: client.token });

interface Listed {
  id: number;
  title: string;
  currency_id: number;
}
const assessments = async (client: Person) =>
  (await post(h, client, '/api/v1/assessments/company/simple/')).json().data as Listed[];
const recent = async (client: Person) => (await assessments(client))[0]!;

interface Plan {
  focus_areas: { id: number; name: string; steps_total: number }[];
}
const plan = async (client: Person, assessmentId: number) =>
  (
    await post(h, client, '/api/v1/coachingportal/implementation/show/', { assessment_id: assessmentId })
  ).json().data as Plan;

/** Row counts of the tables the calls could change. */
const counts = async () => ({
  steps: (await h.db.selectFrom('implementation_steps').select('id').execute()).length,
  board: (await h.db.selectFrom('action_steps').select('id').execute()).length,
});

describe('currencies', () => {
  it('lists ISO 4217 codes to a signed-in caller', async () => {
    const res = await get(me, '/api/v1/currencies');
    expect(res.statusCode).toBe(200);
    const codes = (res.json().data as { code: string }[]).map((c) => c.code);
    expect(codes).toEqual(expect.arrayContaining(['EUR', 'GBP', 'USD']));
    expect(codes).toEqual([...codes].sort());
    expect((await h.call('GET', '/api/v1/currencies')).statusCode).toBe(401);
  });
});

describe('assessments/company/simple', () => {
  it('lists the caller’s assessments, newest first, with their counts', async () => {
    const res = await post(h, me, '/api/v1/assessments/company/simple/');
    expect(res.statusCode).toBe(200);
    const list = res.json().data;
    expect(list.map((a: Listed) => a.title)).toEqual([
      'Business growth assessment',
      'Starting-point assessment',
    ]);
    expect(list[0]).toMatchObject({
      company: `Company of ${me.user.email}`,
      areas_count: 6,
      focus_count: 3,
      steps_count: 4,
    });
    const usd = (await get(me, '/api/v1/currencies'))
      .json()
      .data.find((c: { code: string }) => c.code === 'USD');
    expect(list[0].currency_id).toBe(usd.id);
    const mine = new Set(list.map((a: Listed) => a.id));
    expect((await assessments(other)).some((a) => mine.has(a.id))).toBe(false);
    expect(await assessments(empty)).toEqual([]);
  });

  it('refuses a body with fields (422)', async () => {
    const res = await post(h, me, '/api/v1/assessments/company/simple/', { client_id: other.user.id });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toHaveProperty('client_id');
  });
});

describe('assessments/analysis/{id}', () => {
  it('answers the areas in order with their gap and the totals', async () => {
    const { id } = await recent(me);
    const res = await post(h, me, `/api/v1/assessments/analysis/${id}`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ id, title: 'Business growth assessment' });
    expect(data.areas).toHaveLength(6);
    expect(data.areas[0]).toMatchObject({
      name: 'Pricing and margins',
      score: 48,
      current_amount: 62_000,
      potential_amount: 94_000,
      gap: 32_000,
      focus_rank: 1,
    });
    expect(data.areas[3].focus_rank).toBeNull();
    expect(data.totals).toEqual({ current: 259_000, potential: 359_000, gap: 100_000 });
  });

  it('refuses a bad id or a body (422)', async () => {
    const { id } = await recent(me);
    expect((await post(h, me, '/api/v1/assessments/analysis/abc')).statusCode).toBe(422);
    expect((await post(h, me, '/api/v1/assessments/analysis/0')).statusCode).toBe(422);
    expect((await post(h, me, `/api/v1/assessments/analysis/${2 ** 40}`)).statusCode).toBe(422);
    const extra = await post(h, me, `/api/v1/assessments/analysis/${id}`, { currency_id: 1 });
    expect(extra.statusCode).toBe(422);
  });

  it('another client’s or tenant’s assessment is a 404; another tenant’s header a 403', async () => {
    for (const owner of [other, stranger]) {
      const { id } = await recent(owner);
      const res = await post(h, me, `/api/v1/assessments/analysis/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Assessment not found.' });
    }
    const { id } = await recent(stranger);
    const cross = await h.call('POST', `/api/v1/assessments/analysis/${id}`, {
      tenant: BETA,
      token: me.token,
      body: {},
    });
    expect(cross.statusCode).toBe(403);
  });
});

describe('coachingportal/implementation/show', () => {
  it('answers the focus areas, first priority first, with how far their steps are', async () => {
    const { id } = await recent(me);
    const res = await post(h, me, '/api/v1/coachingportal/implementation/show/', { assessment_id: id });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.assessment_id).toBe(id);
    expect(data.focus_areas.map((a: { name: string }) => a.name)).toEqual([
      'Pricing and margins',
      'Cash flow',
      'Sales and marketing',
    ]);
    expect(data.focus_areas[1]).toMatchObject({
      focus_rank: 2,
      goal: 'Keep eight weeks of running costs in the bank.',
      steps_total: 2,
      steps_on_board: 2,
      // The tax reserve account's action step is completed on the seeded board (code 3).
      steps_completed: 1,
    });
    expect(data.focus_areas[2]).toMatchObject({ steps_total: 0, steps_completed: 0 });
    const older = (await assessments(me))[1]!;
    expect((await plan(me, older.id)).focus_areas).toEqual([]);
  });

  it('refuses a missing or bad assessment_id (422), another client’s or tenant’s is a 404', async () => {
    const res = await post(h, me, '/api/v1/coachingportal/implementation/show/', {});
    expect(res.json().error.assessment_id).toEqual(['This field is required.']);
    const bad = await post(h, me, '/api/v1/coachingportal/implementation/show/', {
      assessment_id: '1; drop',
    });
    expect(bad.statusCode).toBe(422);
    for (const owner of [other, stranger]) {
      const { id } = await recent(owner);
      const foreign = await post(h, me, '/api/v1/coachingportal/implementation/show/', { assessment_id: id });
      expect(foreign.statusCode).toBe(404);
    }
  });
});

describe('priorities/implementation/{id}', () => {
  it('answers the focus area as implementation and its steps as data', async () => {
    const [pricing] = (await plan(me, (await recent(me)).id)).focus_areas;
    const res = await get(me, `/api/v1/priorities/implementation/${pricing!.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.implementation).toMatchObject({
      id: pricing!.id,
      name: 'Pricing and margins',
      focus_rank: 1,
    });
    expect(body.data.map((s: { title: string }) => s.title)).toEqual([
      'Raise prices on the top 10 items by 5%',
      'Review flour, butter and packaging prices',
    ]);
    // The first is on the board, in progress (the seeded action step's code 1); the second is not.
    expect(body.data[0].action_step).toMatchObject({ status: 1 });
    expect(body.data[1].action_step).toBeNull();
  });

  it('refuses a bad id (422); an area that is not a focus area, or another’s, is a 404', async () => {
    expect((await get(me, '/api/v1/priorities/implementation/x')).statusCode).toBe(422);
    const analysis = (await post(h, me, `/api/v1/assessments/analysis/${(await recent(me)).id}`)).json().data;
    const plain = analysis.areas.find((a: { focus_rank: number | null }) => a.focus_rank === null);
    expect((await get(me, `/api/v1/priorities/implementation/${plain.id}`)).statusCode).toBe(404);
    for (const owner of [other, stranger]) {
      const [area] = (await plan(owner, (await recent(owner)).id)).focus_areas;
      const res = await get(me, `/api/v1/priorities/implementation/${area!.id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Focus area not found.' });
    }
  });
});

describe('clientportal/implementations/add', () => {
  const add = (client: Person, body: unknown) =>
    post(h, client, '/api/v1/clientportal/implementations/add/', body);

  it('adds a step and puts it on the action-steps board as a to-do item', async () => {
    const sales = (await plan(me, (await recent(me)).id)).focus_areas[2]!;
    const res = await add(me, {
      focus_area_id: sales.id,
      title: '  Ask five regulars for a referral  ',
      description: 'At the till, this week.\nNote who said yes.',
      due_date: '2026-12-01',
      add_to_action_steps: true,
    });
    expect(res.statusCode).toBe(201);
    const step = res.json().data;
    expect(step).toMatchObject({
      focus_area_id: sales.id,
      title: 'Ask five regulars for a referral',
      description: 'At the till, this week.\nNote who said yes.',
      due_date: '2026-12-01',
      action_step: { status: 0 },
    });
    const board = (await post(h, me, '/api/v1/impcoaching/steps/')).json().data.action_steps;
    expect(board).toContainEqual(
      expect.objectContaining({
        id: step.action_step.id,
        title: 'Ask five regulars for a referral',
        status: 0,
      }),
    );
    const listed = (await get(me, `/api/v1/priorities/implementation/${sales.id}`)).json().data;
    expect(listed.map((s: { id: number }) => s.id)).toEqual([step.id]);
  });

  it('adds a step without a board item when asked not to', async () => {
    const sales = (await plan(me, (await recent(me)).id)).focus_areas[2]!;
    const before = await counts();
    const res = await add(me, {
      focus_area_id: sales.id,
      title: 'Try a loyalty card',
      add_to_action_steps: false,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ description: '', due_date: null, action_step: null });
    expect(await counts()).toEqual({ steps: before.steps + 1, board: before.board });
  });

  it('refuses blank, unknown or malformed fields with 422 and stores nothing', async () => {
    const sales = (await plan(me, (await recent(me)).id)).focus_areas[2]!;
    const before = await counts();
    const res = await add(me, {
      focus_area_id: sales.id,
      title: '   ',
      due_date: '2026-13-45',
      add_to_action_steps: 'yes',
      client_id: other.user.id,
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().error).sort()).toEqual([
      'add_to_action_steps',
      'client_id',
      'due_date',
      'title',
    ]);
    const missing = await add(me, { title: 'No area' });
    expect(Object.keys(missing.json().error).sort()).toEqual(['add_to_action_steps', 'focus_area_id']);
    const control = await add(me, {
      focus_area_id: sales.id,
      title: 'Bell\u0007',
      add_to_action_steps: false,
    });
    expect(control.statusCode).toBe(422);
    expect(await counts()).toEqual(before);
  });

  it('another client’s or tenant’s focus area is a 404 and nothing is stored', async () => {
    for (const owner of [other, stranger]) {
      const [area] = (await plan(owner, (await recent(owner)).id)).focus_areas;
      const before = await counts();
      const res = await add(me, { focus_area_id: area!.id, title: 'Sneaky', add_to_action_steps: true });
      expect(res.statusCode).toBe(404);
      expect(await counts()).toEqual(before);
    }
    const [area] = (await plan(stranger, (await recent(stranger)).id)).focus_areas;
    const cross = await h.call('POST', '/api/v1/clientportal/implementations/add/', {
      tenant: BETA,
      token: me.token,
      body: { focus_area_id: area!.id, title: 'Sneaky', add_to_action_steps: false },
    });
    expect(cross.statusCode).toBe(403);
  });

  it('a focus area holds at most 100 steps', async () => {
    const cash = (await plan(other, (await recent(other)).id)).focus_areas[1]!;
    const at = h.clock.now();
    await h.db
      .insertInto('implementation_steps')
      .values(
        Array.from({ length: 98 }, (_, i) => ({
          tenant_id: other.user.tenantId,
          client_id: other.user.id,
          area_id: cash.id,
          title: `Step ${i}`,
          due_date: null,
          action_step_id: null,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
    const before = await counts();
    const res = await add(other, {
      focus_area_id: cash.id,
      title: 'One too many',
      add_to_action_steps: true,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.focus_area_id).toEqual(['A focus area holds at most 100 steps.']);
    expect(await counts()).toEqual(before);
  });
});
