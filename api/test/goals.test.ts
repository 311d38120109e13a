// A client's goals through the API on the seeded fixture tenants (PGlite, or PostgreSQL through
// scripts/with-postgres.sh): written by the client or their coach, with milestones and linked action steps,
// progress computed from both, goal.completed recorded once; another coach's client's goal is a 404 that
// changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { progressOf } from '../src/services/goals/goals-service.js';
import { as, startSignedIn } from './helpers/coach.js';
import { keyCall, makeApiKey } from './helpers/api-keys.js';
import { BETA, Harness } from './helpers/harness.js';
import type { Person } from './helpers/sign-in.js';

const h = new Harness();
let coach: Person;
let coach2: Person;
let client: Person;
let client2: Person;
let foreign: Person;
let admin: Person;
beforeAll(async () => {
  [coach, coach2, client, client2, foreign, admin] = await startSignedIn(
    h,
    'coach',
    'coach2',
    'client',
    'client2',
    ['client', BETA],
    'admin',
  );
});
afterAll(() => h.stop());

const snapshot = async () =>
  JSON.stringify(
    await Promise.all([
      h.db.selectFrom('goals').selectAll().orderBy('id').execute(),
      h.db.selectFrom('goal_milestones').selectAll().orderBy('id').execute(),
      h.db.selectFrom('action_steps').select(['id', 'goal_id']).orderBy('id').execute(),
    ]),
  );

const completions = async (goalId: number) =>
  (await h.db.selectFrom('events').select('data').where('type', '=', 'goal.completed').execute()).filter(
    (e) => (e.data as { goal_id: number }).goal_id === goalId,
  );

describe('goals', () => {
  let goalId: number;
  let stepId: number;

  it('computes progress from milestones and steps, each one piece', () => {
    expect(progressOf('open', [], [])).toBe(0);
    expect(progressOf('open', [{ done: true }, { done: false }], [{ status: 3 }])).toBe(66);
    // In progress (1 or 2) is not done.
    expect(progressOf('open', [], [{ status: 2 }, { status: 1 }])).toBe(0);
    expect(progressOf('completed', [{ done: false }], [])).toBe(100);
  });

  it('lets the client add a goal with milestones and link one of their steps', async () => {
    const added = await as(h, client, 'POST', '/api/v1/goals', {
      title: 'Hire two people by spring',
      why: 'So I stop working weekends.',
      target_date: '2030-03-31',
      milestones: ['Write the job ads', 'Interview five people'],
    });
    expect(added.statusCode).toBe(201);
    const goal = added.json().data;
    goalId = goal.id;
    expect(goal).toMatchObject({ status: 'open', progress: 0, by_client: true, target_date: '2030-03-31' });
    expect(goal.milestones.map((m: { title: string }) => m.title)).toEqual([
      'Write the job ads',
      'Interview five people',
    ]);

    const board = (await as(h, client, 'POST', '/api/v1/impcoaching/steps/')).json().data.action_steps;
    stepId = board[0].id;
    const linked = await as(h, client, 'POST', `/api/v1/goals/${goalId}/steps`, {
      step_id: stepId,
      linked: true,
    });
    expect(linked.statusCode).toBe(200);
    expect(linked.json().data.action_steps.map((s: { id: number }) => s.id)).toEqual([stepId]);

    const first = goal.milestones[0].id;
    const ticked = await as(h, client, 'POST', `/api/v1/goals/${goalId}/milestones/${first}`, { done: true });
    const expected = progressOf(
      'open',
      [{ done: true }, { done: false }],
      [{ status: board[0].status as number }],
    );
    expect(ticked.json().data.progress).toBe(expected);
  });

  it("refuses another client's step, and another coach, tenant or unknown id with 404, changing nothing", async () => {
    const before = await snapshot();
    const foreignStep = (await as(h, client2, 'POST', '/api/v1/impcoaching/steps/')).json().data
      .action_steps[0].id;
    expect(
      (await as(h, client, 'POST', `/api/v1/goals/${goalId}/steps`, { step_id: foreignStep, linked: true }))
        .statusCode,
    ).toBe(404);
    for (const who of [coach2, foreign, client2]) {
      const calls = [
        await as(h, who, 'POST', `/api/v1/goals/${goalId}`, { status: 'completed' }),
        await as(h, who, 'POST', `/api/v1/goals/${goalId}/milestones`, { title: 'Theirs' }),
        await as(h, who, 'POST', `/api/v1/goals/${goalId}/steps`, { step_id: stepId, linked: false }),
      ];
      expect(calls.map((c) => c.statusCode)).toEqual([404, 404, 404]);
    }
    expect((await as(h, coach2, 'GET', `/api/v1/coach/clients/${client.user.id}/goals`)).statusCode).toBe(
      404,
    );
    expect(
      (await as(h, coach2, 'POST', `/api/v1/coach/clients/${client.user.id}/goals`, { title: 'x' }))
        .statusCode,
    ).toBe(404);
    expect((await as(h, client, 'POST', '/api/v1/goals/2000000', { status: 'dropped' })).statusCode).toBe(
      404,
    );
    expect(await snapshot()).toBe(before);
  });

  it("lets the client's coach read and write them, and completing one raises goal.completed once", async () => {
    const list = (await as(h, coach, 'GET', `/api/v1/coach/clients/${client.user.id}/goals`)).json().data;
    expect(list.map((g: { id: number }) => g.id)).toContain(goalId);
    const byCoach = await as(h, coach, 'POST', `/api/v1/coach/clients/${client.user.id}/goals`, {
      title: 'Raise prices by 10%',
    });
    expect(byCoach.statusCode).toBe(201);
    expect(byCoach.json().data).toMatchObject({ by_client: false, client_id: client.user.id });
    expect(
      (await as(h, coach, 'POST', `/api/v1/goals/${goalId}/milestones`, { title: 'Agree the salary band' }))
        .statusCode,
    ).toBe(200);

    const done = await as(h, client, 'POST', `/api/v1/goals/${goalId}`, { status: 'completed' });
    expect(done.json().data).toMatchObject({ status: 'completed', progress: 100 });
    expect(done.json().data.completed_at).toEqual(expect.any(String));
    await as(h, coach, 'POST', `/api/v1/goals/${goalId}`, { status: 'completed' });
    const events = await completions(goalId);
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({
      goal_id: goalId,
      client_id: client.user.id,
      by_user_id: client.user.id,
      title: 'Hire two people by spring',
    });
    // Reopened, the completion time goes.
    const reopened = (await as(h, client, 'POST', `/api/v1/goals/${goalId}`, { status: 'open' })).json().data;
    expect(reopened.completed_at).toBeNull();
  });

  it('refuses an empty title or an unknown status with 422', async () => {
    expect((await as(h, client, 'POST', '/api/v1/goals', { title: '  ' })).statusCode).toBe(422);
    expect((await as(h, client, 'POST', `/api/v1/goals/${goalId}`, { status: 'won' })).statusCode).toBe(422);
    expect((await as(h, client, 'POST', `/api/v1/goals/${goalId}`, {})).statusCode).toBe(422);
  });
});

describe('the integration API', () => {
  it("lists the tenant's goals with their counts, and its shared recaps, never another tenant's", async () => {
    const { key } = await makeApiKey(h, { token: admin.token, tenantId: admin.user.tenantId }, 'read');
    await as(h, foreign, 'POST', '/api/v1/goals', { title: 'Beta only goal' });
    const goals = await keyCall(h.app, key, 'GET', '/integration/v1/goals?limit=200');
    expect(goals.statusCode).toBe(200);
    const rows = goals.json().data as { title: string; client_email: string; milestones: number }[];
    const hire = rows.find((g) => g.title === 'Hire two people by spring');
    expect(hire).toMatchObject({ client_email: client.user.email, milestones: 3, action_steps: 1 });
    expect(rows.map((g) => g.title)).not.toContain('Beta only goal');

    const recaps = await keyCall(h.app, key, 'GET', '/integration/v1/recaps');
    expect(recaps.statusCode).toBe(200);
    const shared = recaps.json().data as { client_email: string; shared_at: string; body: string }[];
    // The seed's shared recap of the pricing workshop, with its comment.
    expect(shared).toContainEqual(
      expect.objectContaining({
        client_email: client.user.email,
        meeting_title: 'Pricing workshop',
        comments: 1,
      }),
    );
    expect(shared.every((r) => r.shared_at)).toBe(true);
  });
});
