// The action-steps board: list, status changes (codes stored as sent), access, the commitments export with
// formula-injection escaping; another client's ids are 404 and change nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Harness } from './helpers/harness.js';
import { makeCoach, post, withClientWork } from './helpers/client-work.js';
import type { Person } from './helpers/sign-in.js';
import { signIn } from './helpers/sign-in.js';

const h = new Harness();
let me: Person;
let other: Person;
beforeAll(async () => {
  await h.start();
  me = await withClientWork(h, await signIn(h));
  other = await withClientWork(h, await signIn(h));
});
afterAll(() => h.stop());

interface Item {
  id: number;
  title: string;
  status: number;
}
const board = async (client: Person) =>
  (await post(h, client, '/api/v1/impcoaching/steps/')).json().data as {
    action_steps: Item[];
    commitments: Item[];
  };

describe('action steps and commitments', () => {
  it('lists the caller’s action steps and commitments with their codes', async () => {
    const res = await post(h, me, '/api/v1/impcoaching/steps/');
    expect(res.statusCode).toBe(200);
    const { action_steps, commitments } = res.json().data;
    expect(action_steps.map((s: Item) => s.status).sort()).toEqual([0, 0, 1, 2, 3, 3]);
    expect(commitments).toHaveLength(4);
    const mine = new Set([...action_steps, ...commitments].map((i: Item) => i.id));
    const theirs = await board(other);
    expect(theirs.action_steps.some((i) => mine.has(i.id))).toBe(false);
  });

  it('stores the code the client sends: 1 for in progress', async () => {
    const step = (await board(me)).action_steps.find((s) => s.status === 0)!;
    const res = await post(h, me, '/api/v1/clientportal/change/action/status', { id: step.id, status: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: step.id, status: 1 });
    expect((await board(me)).action_steps.find((s) => s.id === step.id)!.status).toBe(1);

    const commitment = (await board(me)).commitments.find((c) => c.status === 0)!;
    const upd = await post(h, me, '/api/v1/clientportal/commitments/update', {
      id: commitment.id,
      status: 2,
    });
    expect(upd.json().data).toMatchObject({ id: commitment.id, status: 2 });
  });

  it('refuses unknown codes and fields with 422', async () => {
    const { action_steps, commitments } = await board(me);
    const bad = await post(h, me, '/api/v1/clientportal/change/action/status', {
      id: action_steps[0]!.id,
      status: 4,
      client_id: 1,
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().error).sort()).toEqual(['client_id', 'status']);
    const commitment = await post(h, me, '/api/v1/clientportal/commitments/update', {
      id: commitments[0]!.id,
      status: 3,
    });
    expect(commitment.json().error).toHaveProperty('status');
    const noId = await post(h, me, '/api/v1/clientportal/commitments/update', { status: 1 });
    expect(noId.json().error.id).toEqual(['This field is required.']);
    const huge = await post(h, me, '/api/v1/clientportal/change/action/status', { id: 2 ** 40, status: 1 });
    expect(huge.statusCode).toBe(422);
  });

  it('another client’s action step or commitment is 404 and keeps its status', async () => {
    const before = await board(other);
    const step = before.action_steps[0]!;
    const commitment = before.commitments[0]!;
    const a = await post(h, me, '/api/v1/clientportal/change/action/status', { id: step.id, status: 3 });
    const c = await post(h, me, '/api/v1/clientportal/commitments/update', { id: commitment.id, status: 2 });
    expect([a.statusCode, c.statusCode]).toEqual([404, 404]);
    expect(await board(other)).toEqual(before);
  });

  it('actionsteps/access is 1 for a coached client and 0 otherwise', async () => {
    const res = await post(h, me, '/api/v1/actionsteps/access');
    expect(res.json()).toEqual({ data: { access: 0 } });
    const coachUser = await h.createUser({ password_hash: null });
    await makeCoach(h, coachUser.id, me.user.id);
    expect((await post(h, me, '/api/v1/actionsteps/access')).json()).toEqual({ data: { access: 1 } });
    expect((await post(h, me, '/api/v1/actionsteps/access', { user_id: 1 })).statusCode).toBe(422);
  });

  it('downloads commitments as CSV with formula cells neutralised', async () => {
    const at = h.clock.now();
    const evil = [
      '=HYPERLINK("http://x.test","click")',
      '+1+1',
      '-2',
      '@SUM(A1)',
      '\tTAB',
      'a, "quoted"\nline',
    ];
    await h.db
      .insertInto('commitments')
      .values(
        evil.map((title) => ({
          tenant_id: 501,
          client_id: me.user.id,
          title,
          status: 1,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
    const res = await post(h, me, '/api/v1/coachingportal/commitment/download/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="commitments.csv"');
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Commitment,Description,Stage,Due date');
    expect(res.body).toContain(`"'=HYPERLINK(""http://x.test"",""click"")",,In progress,`);
    expect(res.body).toContain("'+1+1,,In progress");
    expect(res.body).toContain("'-2,,In progress");
    expect(res.body).toContain("'@SUM(A1),,In progress");
    expect(res.body).toContain("'\tTAB,,In progress");
    expect(res.body).toContain('"a, ""quoted""\nline",,In progress');
    expect(res.body).not.toMatch(/(^|\r\n|,)[=+\-@]/);
    // Only the caller's rows: the other client's export has none of them.
    const theirs = await post(h, other, '/api/v1/coachingportal/commitment/download/');
    expect(theirs.body).not.toContain('HYPERLINK');
  });
});
