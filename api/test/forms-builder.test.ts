// What the form builder's screens call, through the API on a real migrated database (PGlite, or PostgreSQL
// through scripts/with-postgres.sh), with the seeded fixture tenants. A form sent to a group: each member gets a
// send of their own pinned to the version current then, a member already holding an unsubmitted one is skipped,
// an archived form is a 422, and another coach's group is a 404 that sends nothing. A form saved again as it was
// (keys in the builder's order, not jsonb's) is no new version.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Layout } from '../../contracts/forms.js';
import { call as callAs } from './helpers/booking.js';
import { startSignedIn } from './helpers/coach.js';
import { BETA, Harness } from './helpers/harness.js';
import type { Person } from './helpers/sign-in.js';
import { demoUser, signIn } from './helpers/sign-in.js';

const h = new Harness();
let coach: Person;
let coach2: Person;
let foreignCoach: Person;
let client: Person;
let basic: number;

beforeAll(async () => {
  [coach, coach2, foreignCoach, client] = await startSignedIn(
    h,
    'coach',
    'coach2',
    ['coach', BETA],
    'client',
  );
  basic = (await demoUser(h, 'basic')).id;
});
afterAll(() => h.stop());

const layout = (label: string): Layout => ({
  sections: [{ title: '', questions: [{ id: 'goal', kind: 'short_text', label, required: true }] }],
});

const call = (who: Person, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
  callAs(h, who, method, url, body);

async function newForm(title: string) {
  const res = await call(coach, 'POST', '/api/v1/forms/library', { title, layout: layout('Your goal?') });
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: number };
}

/** One of coach@'s groups with client@ and basic@ as members. */
async function groupOfTwo(title: string) {
  const made = await call(coach, 'POST', '/api/v1/coach/groups', { title });
  expect(made.statusCode).toBe(201);
  const id = made.json().data.id as number;
  for (const member of [client.user.id, basic]) {
    const res = await call(coach, 'POST', `/api/v1/coach/groups/${id}/members`, { client_id: member });
    expect(res.statusCode, res.body).toBe(200);
  }
  return id;
}

const sendsOf = (formId: number) =>
  h.db
    .selectFrom('form_sends as s')
    .innerJoin('form_versions as v', 'v.id', 's.version_id')
    .select(['s.client_id', 's.group_id', 's.status', 's.due_on', 's.sent_by', 'v.version'])
    .where('s.form_id', '=', formId)
    .orderBy('s.client_id')
    .orderBy('s.id')
    .execute();

describe('sending a form to a group', () => {
  it('gives each member a send of their own, pinned to the version current then', async () => {
    const form = await newForm('Week one check-in');
    const group = await groupOfTwo('Cohort A');
    const res = await call(coach, 'POST', `/api/v1/coach/groups/${group}/forms`, {
      form_id: form.id,
      due_on: '2031-03-04',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { sent: 2, skipped: 0 } });
    const edited = await call(coach, 'PUT', `/api/v1/forms/library/${form.id}`, {
      title: 'Week one check-in',
      layout: layout('What is your goal this week?'),
    });
    expect(edited.json().data.version).toBe(2);
    const rows = await sendsOf(form.id);
    expect(rows.map((r) => r.client_id)).toEqual([client.user.id, basic].sort((a, b) => a - b));
    for (const row of rows)
      expect(row).toMatchObject({ group_id: group, status: 'draft', sent_by: coach.user.id, version: 1 });
    // The member reads the version they were sent, not the edit.
    const mine = (await call(client, 'GET', '/api/v1/forms')).json().data as { id: number; title: string }[];
    const send = mine.find((s) => s.title === 'Week one check-in')!;
    const read = (await call(client, 'GET', `/api/v1/forms/${send.id}`)).json().data;
    expect(read.version).toBe(1);
    expect(read.layout.sections[0].questions[0].label).toBe('Your goal?');
  });

  it('skips a member who has not yet submitted the same form, and sends to one who has', async () => {
    const form = await newForm('Monthly review');
    const group = await groupOfTwo('Cohort B');
    // client@ got it alone before, and submitted it; basic@ got it and has not.
    const first = await call(coach, 'POST', `/api/v1/coach/clients/${client.user.id}/forms`, {
      form_id: form.id,
    });
    expect(first.statusCode).toBe(201);
    const submitted = await call(client, 'POST', `/api/v1/forms/${first.json().data.id}/submit`, {
      answers: { goal: 'More clients' },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(
      (await call(coach, 'POST', `/api/v1/coach/clients/${basic}/forms`, { form_id: form.id })).statusCode,
    ).toBe(201);
    const res = await call(coach, 'POST', `/api/v1/coach/groups/${group}/forms`, { form_id: form.id });
    expect(res.json()).toEqual({ data: { sent: 1, skipped: 1 } });
    // Sent again, everyone now has one waiting: nothing is sent twice.
    const again = await call(coach, 'POST', `/api/v1/coach/groups/${group}/forms`, { form_id: form.id });
    expect(again.json()).toEqual({ data: { sent: 0, skipped: 2 } });
    const rows = await sendsOf(form.id);
    expect(rows.filter((r) => r.client_id === client.user.id).map((r) => r.status)).toEqual([
      'submitted',
      'draft',
    ]);
    expect(rows.filter((r) => r.client_id === basic)).toHaveLength(1);
  });

  it('refuses an archived form (422) and sends nothing', async () => {
    const form = await newForm('Old intake');
    const group = await groupOfTwo('Cohort C');
    const archived = await call(coach, 'POST', `/api/v1/forms/library/${form.id}/archive`, {
      archived: true,
    });
    expect(archived.statusCode).toBe(200);
    const res = await call(coach, 'POST', `/api/v1/coach/groups/${group}/forms`, { form_id: form.id });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error: { form_id: ['Choose one of your forms.'] } });
    expect(await sendsOf(form.id)).toEqual([]);
  });

  it('answers another coach’s group, or another tenant’s coach, with a 404 that sends nothing', async () => {
    const form = await newForm('Private check-in');
    const group = await groupOfTwo('Cohort D');
    const before = await h.db
      .selectFrom('form_sends')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    // coach2 sends a tenant-wide form they may use, to coach@'s group; the BETA coach any id at all.
    const admin = await signIn(h, { demo: 'admin' });
    const shared = await call(admin, 'POST', '/api/v1/forms/library', {
      title: 'Everyone',
      layout: layout('Hi?'),
    });
    expect(shared.statusCode).toBe(201);
    for (const [who, formId] of [
      [coach2, shared.json().data.id],
      [foreignCoach, form.id],
    ] as const) {
      const res = await call(who, 'POST', `/api/v1/coach/groups/${group}/forms`, { form_id: formId });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Group not found.' });
    }
    const after = await h.db
      .selectFrom('form_sends')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses a field it does not know, and a client, before anything is sent', async () => {
    const form = await newForm('Strict');
    const group = await groupOfTwo('Cohort E');
    const extra = await call(coach, 'POST', `/api/v1/coach/groups/${group}/forms`, {
      form_id: form.id,
      meeting_id: 1,
    });
    expect(extra.statusCode).toBe(422);
    const asClient = await call(client, 'POST', `/api/v1/coach/groups/${group}/forms`, { form_id: form.id });
    expect(asClient.statusCode).toBe(403);
    expect(await sendsOf(form.id)).toEqual([]);
  });
});

describe('saving a form from the builder', () => {
  it('makes no new version when the layout comes back unchanged, whatever the order of its keys', async () => {
    const full: Layout = {
      sections: [
        {
          title: 'Numbers',
          questions: [
            { id: 'sold', kind: 'yes_no', label: 'Did you sell?', required: true, help: 'This month.' },
            {
              id: 'amount',
              kind: 'number',
              label: 'How much?',
              required: false,
              metric_id: 1,
              shown_when: { question: 'sold', equals: true },
            },
            {
              id: 'way',
              kind: 'single_choice',
              label: 'Where?',
              required: false,
              options: ['Shop', 'Online'],
            },
          ],
        },
      ],
    };
    const made = await call(coach, 'POST', '/api/v1/forms/library', { title: 'Sales', layout: full });
    expect(made.statusCode, made.body).toBe(201);
    const { id } = made.json().data as { id: number };
    const again = await call(coach, 'PUT', `/api/v1/forms/library/${id}`, { title: 'Sales', layout: full });
    expect(again.json().data.version).toBe(1);
    // The metric a number question records to comes back as it went.
    expect(again.json().data.layout.sections[0].questions[1].metric_id).toBe(1);
    const changed = structuredClone(full);
    changed.sections[0]!.questions[2]!.options = ['Shop', 'Online', 'Market'];
    const edited = await call(coach, 'PUT', `/api/v1/forms/library/${id}`, {
      title: 'Sales',
      layout: changed,
    });
    expect(edited.json().data.version).toBe(2);
  });
});
