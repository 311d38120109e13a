// Every coach route that names a client (in its path, its body or its query), called by a coach with another
// coach's client, through the API on a real migrated database (PGlite; PostgreSQL with
// scripts/with-postgres.sh) with the seeded fixture tenants: each answers 404 and changes nothing, as
// api/README.md promises. The routes are found in the route table, so a new one must join the cases below.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeTable } from '../src/routes/index.js';
import type { Database } from '../src/db/database.js';
import { as, startSignedIn } from './helpers/coach.js';
import { Harness } from './helpers/harness.js';
import { PNG } from './helpers/mailbox.js';
import type { Person } from './helpers/sign-in.js';
import { multipart } from './helpers/multipart.js';
import { demoUser } from './helpers/sign-in.js';

const h = new Harness();
let coach: Person;
let otherClient: number;
let group: number;
/** The other client's own things, for the routes whose `:id` is a goal, a meeting or a recap of theirs. */
const theirs = { goal: 0, meeting: 0, recap: 0 };

beforeAll(async () => {
  [coach] = await startSignedIn(h, 'coach');
  otherClient = (await demoUser(h, 'client2')).id;
  const made = await as(h, coach, 'POST', '/api/v1/coach/groups', { title: 'Client id checks' });
  expect(made.statusCode, made.body).toBe(201);
  group = made.json().data.id;
  // Written straight into the database as their own coach's work would be: a past meeting with its draft recap,
  // and a goal.
  const tenant_id = coach.user.tenantId;
  const coachRow = await h.db
    .selectFrom('coach_clients')
    .innerJoin('coaches', 'coaches.id', 'coach_clients.coach_id')
    .select(['coaches.id', 'coaches.user_id'])
    .where('coach_clients.client_id', '=', otherClient)
    .executeTakeFirstOrThrow();
  const at = new Date(Date.now() - 86_400_000);
  ({ id: theirs.meeting } = await h.db
    .insertInto('meetings')
    .values({
      tenant_id,
      client_id: otherClient,
      coach_id: coachRow.id,
      title: 'Their review',
      starts_at: at,
      duration_minutes: 60,
      time_zone: 'UTC',
      meeting_url: null,
      place: 'Their office',
      meeting_type_id: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow());
  ({ id: theirs.recap } = await h.db
    .insertInto('recaps')
    .values({
      tenant_id,
      client_id: otherClient,
      meeting_id: theirs.meeting,
      author_id: coachRow.user_id,
      body: '<p>Their recap</p>',
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow());
  ({ id: theirs.goal } = await h.db
    .insertInto('goals')
    .values({
      tenant_id,
      client_id: otherClient,
      author_id: otherClient,
      title: 'Their goal',
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow());
});
afterAll(() => h.stop());

/** What each route needs besides the client, so that only the client can be why it answers 404. */
const cases: Record<
  string,
  { body?: Record<string, unknown>; query?: string; files?: true; id?: () => number }
> = {
  'GET /api/v1/coach/clients/:id': {},
  'POST /api/v1/coach/clients/:id/notes': { body: { body: 'A private note' } },
  'POST /api/v1/coach/clients/:id/files': { files: true },
  'GET /api/v1/coach/clients/:id/files/:fileId': {},
  'POST /api/v1/coach/clients/:id/action-steps': { body: { title: 'A step' } },
  'GET /api/v1/coach/messages': { query: 'client_id' },
  'POST /api/v1/coach/messages': { body: { subject: 'Hello', body: 'Hi there' } },
  'POST /api/v1/coach/meetings': { body: { title: 'Talk', start: '2031-05-06T10:00', duration_minutes: 30 } },
  'GET /api/v1/coach/clients/:id/flash-lessons': {},
  'POST /api/v1/coach/clients/:id/flash-lessons': { body: { assessment_id: 1, lesson_id: 1, open: true } },
  'POST /api/v1/coach/clients/:id/assessments': { body: { title: 'Review', assessed_on: '2030-01-02' } },
  'GET /api/v1/coach/clients/:id/assessments/:assessmentId': {},
  'POST /api/v1/coach/clients/:id/assessments/:assessmentId': { body: { title: 'Renamed' } },
  'POST /api/v1/coach/clients/:id/assessments/:assessmentId/areas': {
    body: { name: 'Cash', score: 5, current_amount: 1, potential_amount: 2, focus_rank: null, goal: '' },
  },
  'POST /api/v1/coach/clients/:id/areas/:areaId': { body: { name: 'Renamed' } },
  'POST /api/v1/coach/clients/:id/areas/:areaId/delete': {},
  'POST /api/v1/coach/clients/:id/areas/:areaId/steps': {
    body: { title: 'A step', add_to_action_steps: false },
  },
  'POST /api/v1/coach/clients/:id/steps/:stepId/delete': {},
  'POST /api/v1/coach/groups/:id/members': {},
  'POST /api/v1/coach/groups/:id/members/:clientId/remove': {},
  'GET /api/v1/coach/clients/:id/recaps': {},
  'GET /api/v1/coach/meetings/:id/recap': { id: () => theirs.meeting },
  'POST /api/v1/coach/meetings/:id/recap': { id: () => theirs.meeting, body: { body: '<p>Mine now</p>' } },
  'POST /api/v1/coach/recaps/:id/share': { id: () => theirs.recap },
  'GET /api/v1/coach/clients/:id/goals': {},
  'POST /api/v1/coach/clients/:id/goals': { body: { title: 'A goal' } },
  'POST /api/v1/goals/:id': { id: () => theirs.goal, body: { status: 'completed' } },
  'POST /api/v1/goals/:id/milestones': { id: () => theirs.goal, body: { title: 'A milestone' } },
  'POST /api/v1/goals/:id/milestones/:milestoneId': { id: () => theirs.goal, body: { done: true } },
  'POST /api/v1/goals/:id/milestones/:milestoneId/delete': { id: () => theirs.goal },
  'POST /api/v1/goals/:id/steps': { id: () => theirs.goal, body: { step_id: 1, linked: true } },
  'GET /api/v1/coach/clients/:id/agreement': {},
  'POST /api/v1/coach/clients/:id/forms': { body: { form_id: 1 } },
  'GET /api/v1/coach/clients/:id/forms': {},
  'GET /api/v1/coach/clients/:id/credits': {},
};

/** The coach routes that take a client's id: `/clients/:id`, `:clientId`, or a `client_id` field. */
const clientRoutes = routeTable
  .filter(([, url, spec]) => {
    const roles = (spec as { roles: unknown }).roles;
    if (!Array.isArray(roles) || !roles.includes('coach')) return false;
    const schema = JSON.stringify((spec as { schema?: unknown }).schema ?? {});
    return /\/clients\/:id|:clientId/.test(url) || schema.includes('"client_id"');
  })
  .map(([method, url]) => `${String(method)} ${url}`);

const tables: (keyof Database)[] = [
  'coach_notes',
  'action_steps',
  'emails',
  'meetings',
  'assessments',
  'assessment_areas',
  'implementation_steps',
  'user_groups',
  'company_files',
  'assessment_progress',
  'recaps',
  'goals',
  'goal_milestones',
  'form_sends',
];

async function counts() {
  const all: number[] = [];
  for (const table of tables) {
    const row = await h.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    all.push(Number(row.n));
  }
  return all;
}

describe('another coach’s client', () => {
  it('is a 404 that changes nothing on every coach route naming a client', async () => {
    expect(clientRoutes.filter((r) => !(r in cases))).toEqual([]);
    const before = await counts();
    for (const route of clientRoutes) {
      const [method, path] = route.split(' ') as ['GET' | 'POST', string];
      const spec = cases[route]!;
      let url = path
        .replace('/groups/:id', `/groups/${group}`)
        .replace(/:id\b/, String(spec.id?.() ?? otherClient))
        .replace(':clientId', String(otherClient))
        .replace(/:\w+/g, '1');
      if (spec.query) url += `?${spec.query}=${otherClient}`;
      const form = multipart({ files: { name: 'a.png', type: 'image/png', bytes: PNG } });
      const res = spec.files
        ? await h.call(method, url, {
            tenant: coach.user.tenantId,
            token: coach.token,
            headers: { 'content-type': form.contentType },
            body: form.payload,
          })
        : await as(
            h,
            coach,
            method,
            url,
            method === 'POST' ? { ...spec.body, ...(spec.id ? {} : clientField(path)) } : undefined,
          );
      expect(res.statusCode, `${route}: ${res.body}`).toBe(404);
    }
    expect(await counts()).toEqual(before);
    // Their recap is still theirs and unshared, their goal still open.
    const recap = await h.db
      .selectFrom('recaps')
      .select(['body', 'shared_at'])
      .where('id', '=', theirs.recap)
      .executeTakeFirst();
    expect(recap).toEqual({ body: '<p>Their recap</p>', shared_at: null });
    const goal = await h.db
      .selectFrom('goals')
      .select('status')
      .where('id', '=', theirs.goal)
      .executeTakeFirst();
    expect(goal).toEqual({ status: 'open' });
  });
});

/** A route without the client in its path names it in its body. */
function clientField(path: string): Record<string, number> {
  return /\/clients\/:id|:clientId/.test(path) ? {} : { client_id: otherClient };
}
