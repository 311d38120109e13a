// Forms through the API on a real migrated database (PGlite, or PostgreSQL through scripts/with-postgres.sh),
// with the seeded fixture tenants: a coach builds a form and sends it; editing it makes a new version and the
// sent one keeps its own; the client saves drafts (idempotently) and submits once; required and conditional
// answers are checked on the server; another coach's client's sends are 404 and unchanged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Layout } from '../../contracts/forms.js';
import { keyCall, makeApiKey } from './helpers/api-keys.js';
import { call as callAs } from './helpers/booking.js';
import { as, startSignedIn } from './helpers/coach.js';
import { BETA, Harness, nextIp } from './helpers/harness.js';
import { linkToken, waitForMail } from './helpers/mail.js';
import type { Person } from './helpers/sign-in.js';
import { signIn } from './helpers/sign-in.js';

const h = new Harness();
let coach: Person;
let coach2: Person;
let client: Person;
let client2: Person;
let admin: Person;
let foreignCoach: Person;

beforeAll(async () => {
  [coach, coach2, client, client2, admin, foreignCoach] = await startSignedIn(
    h,
    'coach',
    'coach2',
    'client',
    'client2',
    'admin',
    ['coach', BETA],
  );
});
afterAll(() => h.stop());

const layout: Layout = {
  sections: [
    {
      title: 'About you',
      questions: [
        { id: 'name', kind: 'short_text', label: 'What should we call you?', required: true },
        { id: 'smoker', kind: 'yes_no', label: 'Do you smoke?', required: true },
        {
          id: 'per_day',
          kind: 'number',
          label: 'How many a day?',
          required: true,
          shown_when: { question: 'smoker', equals: true },
        },
        { id: 'energy', kind: 'scale', label: 'Your energy, 1 to 10', required: false },
      ],
    },
  ],
};

const call = (who: Person, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
  callAs(h, who, method, url, body);

async function newForm(who: Person, title = 'Intake') {
  const res = await call(who, 'POST', '/api/v1/forms/library', { title, layout });
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: number; version: number };
}

async function sendTo(who: Person, clientId: number, formId: number) {
  const res = await call(who, 'POST', `/api/v1/coach/clients/${clientId}/forms`, { form_id: formId });
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: number; version: number };
}

const sendRow = (id: number) =>
  h.db.selectFrom('form_sends').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('the form library', () => {
  it('refuses a layout whose condition is on a later question, naming the place (422)', async () => {
    const [first, second] = layout.sections[0]!.questions;
    const backwards = {
      sections: [
        { title: '', questions: [{ ...first!, shown_when: { question: 'smoker', equals: true } }, second!] },
      ],
    };
    const res = await call(coach, 'POST', '/api/v1/forms/library', { title: 'Bad', layout: backwards });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().error)).toEqual(['layout.questions.0.shown_when']);
  });

  it('keeps a coach’s form from another coach (404) and an admin’s for every coach of the tenant', async () => {
    const own = await newForm(coach, 'Coach one’s');
    expect((await call(coach2, 'GET', `/api/v1/forms/library/${own.id}`)).statusCode).toBe(404);
    expect((await call(foreignCoach, 'GET', `/api/v1/forms/library/${own.id}`)).statusCode).toBe(404);
    const shared = await newForm(admin, 'Tenant intake');
    const list = (await call(coach2, 'GET', '/api/v1/forms/library')).json().data as {
      id: number;
      tenant_wide: boolean;
    }[];
    expect(list.find((f) => f.id === shared.id)?.tenant_wide).toBe(true);
    expect(list.some((f) => f.id === own.id)).toBe(false);
    // A coach may send the tenant's form but not change it.
    const edit = await call(coach, 'PUT', `/api/v1/forms/library/${shared.id}`, {
      title: 'Mine now',
      layout,
    });
    expect(edit.statusCode).toBe(404);
  });
});

describe('a sent form', () => {
  it('keeps the version it was sent with after the form is edited, and is checked against it', async () => {
    const form = await newForm(coach);
    const sent = await sendTo(coach, client.user.id, form.id);
    expect(sent.version).toBe(1);
    const shorter: Layout = {
      sections: [
        { title: 'Now', questions: [{ id: 'goal', kind: 'long_text', label: 'Your goal?', required: true }] },
      ],
    };
    const edited = await call(coach, 'PUT', `/api/v1/forms/library/${form.id}`, {
      title: 'Intake',
      layout: shorter,
    });
    expect(edited.json().data.version).toBe(2);
    // The same layout again is no new version.
    const again = await call(coach, 'PUT', `/api/v1/forms/library/${form.id}`, {
      title: 'Intake',
      layout: shorter,
    });
    expect(again.json().data.version).toBe(2);

    const read = (await call(client, 'GET', `/api/v1/forms/${sent.id}`)).json().data;
    expect(read.version).toBe(1);
    expect(read.layout).toEqual(layout);
    // The new version's question is not the sent one's; the sent one's required questions still are.
    const res = await call(client, 'POST', `/api/v1/forms/${sent.id}/submit`, {
      answers: { goal: 'More clients' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toEqual({
      'answers.name': ['Answer this question.'],
      'answers.smoker': ['Answer this question.'],
    });
    const ok = await call(client, 'POST', `/api/v1/forms/${sent.id}/submit`, {
      answers: { name: 'Ann', smoker: false },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({
      status: 'submitted',
      version: 1,
      answers: { name: 'Ann', smoker: false },
    });
    const coachView = (await call(coach, 'GET', `/api/v1/coach/clients/${client.user.id}/forms`)).json().data;
    expect(coachView.find((s: { id: number }) => s.id === sent.id)).toMatchObject({
      version: 1,
      status: 'submitted',
    });
  });

  it('requires a shown conditional question, and drops the answer of a hidden one', async () => {
    const form = await newForm(coach);
    const sent = await sendTo(coach, client.user.id, form.id);
    const missing = await call(client, 'POST', `/api/v1/forms/${sent.id}/submit`, {
      answers: { name: 'Ann', smoker: true },
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().error).toEqual({ 'answers.per_day': ['Answer this question.'] });
    expect((await sendRow(sent.id)).status).toBe('draft');

    const wrongKind = await call(client, 'POST', `/api/v1/forms/${sent.id}/submit`, {
      answers: { name: 'Ann', smoker: true, per_day: 'ten', energy: 11 },
    });
    expect(wrongKind.json().error).toEqual({
      'answers.per_day': ['Enter a number.'],
      'answers.energy': ['Choose a number from 1 to 10.'],
    });

    const res = await call(client, 'POST', `/api/v1/forms/${sent.id}/submit`, {
      answers: { name: ' Ann ', smoker: false, per_day: 20, unknown: 'x' },
    });
    expect(res.statusCode).toBe(200);
    expect((await sendRow(sent.id)).answers).toEqual({ name: 'Ann', smoker: false });
  });

  it('saves a draft idempotently, and is submitted once: a second submission is 409 and changes nothing', async () => {
    const form = await newForm(coach);
    const sent = await sendTo(coach, client.user.id, form.id);
    const draft = { answers: { name: 'Ann' } };
    const first = await call(client, 'PUT', `/api/v1/forms/${sent.id}/draft`, draft);
    expect(first.statusCode).toBe(200);
    const savedAt = first.json().data.saved_at;
    h.clock.advance(60_000);
    const second = await call(client, 'PUT', `/api/v1/forms/${sent.id}/draft`, draft);
    expect(second.json().data).toEqual(first.json().data);
    expect(second.json().data.saved_at).toBe(savedAt);
    // A draft may leave required questions empty, but not hold a wrong answer.
    const bad = await call(client, 'PUT', `/api/v1/forms/${sent.id}/draft`, { answers: { energy: 0 } });
    expect(bad.statusCode).toBe(422);

    const submitted = await call(client, 'POST', `/api/v1/forms/${sent.id}/submit`, {
      answers: { name: 'Ann', smoker: false },
    });
    expect(submitted.statusCode).toBe(200);
    const before = await sendRow(sent.id);
    const twice = await call(client, 'POST', `/api/v1/forms/${sent.id}/submit`, {
      answers: { name: 'Bob', smoker: false },
    });
    expect(twice.statusCode).toBe(409);
    const late = await call(client, 'PUT', `/api/v1/forms/${sent.id}/draft`, { answers: { name: 'Bob' } });
    expect(late.statusCode).toBe(409);
    expect(await sendRow(sent.id)).toEqual(before);
  });
});

describe('a number answer that feeds a metric', () => {
  const metricOf = async (who: Person, name: string) =>
    (
      await h.db
        .insertInto('metrics')
        .values({
          tenant_id: who.user.tenantId,
          client_id: who.user.id,
          name,
          direction: 'up',
          target: null,
          created_at: h.clock.now(),
          updated_at: h.clock.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const valuesOf = (metricId: number) =>
    h.db.selectFrom('metric_values').selectAll().where('metric_id', '=', metricId).execute();
  const fedLayout = (metricId: number): Layout => ({
    sections: [
      {
        title: '',
        questions: [
          { id: 'sessions', kind: 'number', label: 'Sessions sold', required: true, metric_id: metricId },
        ],
      },
    ],
  });

  /** The coach's new form of one number question feeding `metricId`, sent to client@, who submits `sessions`. */
  async function submitFed(metricId: number, title: string, sessions: number) {
    const created = await call(coach, 'POST', '/api/v1/forms/library', {
      title,
      layout: fedLayout(metricId),
    });
    const sent = await sendTo(coach, client.user.id, created.json().data.id);
    const ok = await call(client, 'POST', `/api/v1/forms/${sent.id}/submit`, { answers: { sessions } });
    expect(ok.statusCode).toBe(200);
    return { sent, answers: ok.json().data.answers as unknown };
  }

  it('records the answer once as the month’s value of the client’s own metric, in the submission', async () => {
    const metric = await metricOf(client, 'Sessions sold');
    const { sent } = await submitFed(metric, 'Monthly check-in', 12);
    const period = h.clock.now().toISOString().slice(0, 7);
    expect(await valuesOf(metric)).toMatchObject([
      { client_id: client.user.id, period, value: 12, note: 'From the form "Monthly check-in"' },
    ]);
    const again = await call(client, 'POST', `/api/v1/forms/${sent.id}/submit`, {
      answers: { sessions: 40 },
    });
    expect(again.statusCode).toBe(409);
    expect(await valuesOf(metric)).toMatchObject([{ value: 12 }]);
  });

  it('replaces a month the client typed by hand, and the month says it came from the form', async () => {
    const metric = await metricOf(client, 'Leads');
    const period = h.clock.now().toISOString().slice(0, 7);
    const typed = await call(client, 'POST', '/api/v1/tracker/monthly', {
      metric_id: metric,
      period,
      value: 30,
      note: 'Counted by hand',
    });
    expect(typed.statusCode, typed.body).toBe(200);
    await submitFed(metric, 'Month end', 34);
    // What the client's metric page reads: one value for the month, the form's, with its note.
    const metrics = (await call(client, 'POST', '/api/v1/clientportal/metrics/list/', {})).json().data as {
      id: number;
      values: { period: string; value: number; note: string }[];
    }[];
    expect(metrics.find((m) => m.id === metric)?.values).toEqual([
      expect.objectContaining({ period, value: 34, note: 'From the form "Month end"' }),
    ]);
  });

  it('leaves another client’s metric untouched, keeps the answer and logs why, not failing the client', async () => {
    const theirs = await metricOf(client2, 'Their revenue');
    const { answers } = await submitFed(theirs, 'Check-in', 7);
    expect(answers).toEqual({ sessions: 7 });
    expect(await valuesOf(theirs)).toEqual([]);
    expect(
      h.logs.some((line) => line.includes('not this client') && line.includes(`"metric_id":${theirs}`)),
    ).toBe(true);
  });
});

describe('whose sends', () => {
  it('answers 404 for another coach’s client and another client’s send, and changes nothing', async () => {
    const form = await newForm(coach);
    expect(
      (await call(coach2, 'POST', `/api/v1/coach/clients/${client.user.id}/forms`, { form_id: form.id }))
        .statusCode,
    ).toBe(404);
    // coach2 may not send coach's own form to their client either: the form is the 422's field.
    const notTheirs = await call(coach2, 'POST', `/api/v1/coach/clients/${client2.user.id}/forms`, {
      form_id: form.id,
    });
    expect(notTheirs.statusCode).toBe(422);
    const sent = await sendTo(coach, client.user.id, form.id);
    const before = await sendRow(sent.id);
    expect((await call(coach2, 'GET', `/api/v1/coach/clients/${client.user.id}/forms`)).statusCode).toBe(404);
    expect(
      (await call(foreignCoach, 'GET', `/api/v1/coach/clients/${client.user.id}/forms`)).statusCode,
    ).toBe(404);
    expect((await call(client2, 'GET', `/api/v1/forms/${sent.id}`)).statusCode).toBe(404);
    expect(
      (await call(client2, 'PUT', `/api/v1/forms/${sent.id}/draft`, { answers: { name: 'X' } })).statusCode,
    ).toBe(404);
    expect(
      (
        await call(client2, 'POST', `/api/v1/forms/${sent.id}/submit`, {
          answers: { name: 'X', smoker: false },
        })
      ).statusCode,
    ).toBe(404);
    expect(await sendRow(sent.id)).toEqual(before);
    const theirs = (await call(client2, 'GET', '/api/v1/forms')).json().data as { id: number }[];
    expect(theirs.some((s) => s.id === sent.id)).toBe(false);
    // A coach does not fill their client's form.
    expect((await as(h, coach, 'GET', `/api/v1/forms/${sent.id}`)).statusCode).toBe(403);
  });
});

describe('events and automatic sends', () => {
  it('tells the tenant’s systems of a submission, with the answers and the version answered', async () => {
    const form = await newForm(coach);
    const sent = await sendTo(coach, client.user.id, form.id);
    await call(client, 'POST', `/api/v1/forms/${sent.id}/submit`, {
      answers: { name: 'Ann', smoker: false },
    });
    const events = await h.db
      .selectFrom('events')
      .select(['tenant_id', 'data'])
      .where('type', '=', 'form.submitted')
      .execute();
    const event = events.find((e) => e.data.send_id === sent.id);
    expect(event).toMatchObject({
      tenant_id: client.user.tenantId,
      data: {
        form_id: form.id,
        version: 1,
        client_id: client.user.id,
        answers: { name: 'Ann', smoker: false },
      },
    });
  });

  describe('the tenant’s intake form, sent once on every door a client comes in by', () => {
    const intakeId = async () =>
      (
        await h.db
          .selectFrom('forms')
          .select('id')
          .where('tenant_id', '=', admin.user.tenantId)
          .where('intake', '=', true)
          .executeTakeFirstOrThrow()
      ).id;
    const sendsTo = (clientId: number) =>
      h.db
        .selectFrom('form_sends')
        .select(['form_id', 'status', 'sent_by'])
        .where('client_id', '=', clientId)
        .execute();
    const asAdmin = (method: 'POST', url: string, body: unknown) =>
      h.call(method, url, { tenant: admin.user.tenantId, token: admin.token, ip: nextIp(), body });
    const fresh = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 8)}@example.com`;

    async function acceptInvitation(email: string) {
      const { token } = linkToken(await waitForMail(h.mailDir, email), 'invitation');
      const accepted = await h.call('POST', '/api/password/invitation', {
        tenant: admin.user.tenantId,
        ip: nextIp(),
        body: { token, password: 'my first password', password_confirmation: 'my first password' },
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
    }

    it('a client added with an invitation has it once after accepting', async () => {
      const email = fresh('invited');
      const added = await asAdmin('POST', '/api/v1/admin/people', {
        email,
        first_name: 'Ina',
        last_name: 'Vite',
        invite: true,
      });
      expect(added.statusCode, added.body).toBe(201);
      await acceptInvitation(email);
      const once = [{ form_id: await intakeId(), status: 'draft', sent_by: null }];
      expect(await sendsTo(added.json().data.id)).toEqual(once);
    });

    it('an admin adding a client sends it; accepting the invitation later sends no second', async () => {
      const email = fresh('added');
      const added = await asAdmin('POST', '/api/v1/admin/people', {
        email,
        first_name: 'Ad',
        last_name: 'Ded',
      });
      expect(added.statusCode, added.body).toBe(201);
      const id = added.json().data.id as number;
      const once = [{ form_id: await intakeId(), status: 'draft', sent_by: null }];
      expect(await sendsTo(id)).toEqual(once);
      expect((await asAdmin('POST', `/api/v1/admin/people/${id}/invitation`, {})).statusCode).toBe(200);
      await acceptInvitation(email);
      expect(await sendsTo(id)).toEqual(once);
    });

    it('an import sends it to the clients it adds, not to a coach, and importing again sends none', async () => {
      const [clientEmail, coachEmail] = [fresh('imported'), fresh('imported-coach')];
      const body = {
        people: [
          { email: clientEmail, first_name: 'Im', last_name: 'Ported', role: 'client' },
          { email: coachEmail, first_name: 'Co', last_name: 'Ach', role: 'coach' },
        ],
      };
      const first = await asAdmin('POST', '/api/v1/admin/people/import', body);
      expect(first.statusCode, first.body).toBe(200);
      const [clientRow, coachRow] = first.json().data as { person_id: number; outcome: string }[];
      expect(clientRow!.outcome).toBe('created');
      const once = [{ form_id: await intakeId(), status: 'draft', sent_by: null }];
      expect(await sendsTo(clientRow!.person_id)).toEqual(once);
      expect(await sendsTo(coachRow!.person_id)).toEqual([]);
      const again = await asAdmin('POST', '/api/v1/admin/people/import', {
        people: [{ ...body.people[0], last_name: 'Ported again' }],
      });
      expect(again.json().data[0].outcome).toBe('changed');
      expect(await sendsTo(clientRow!.person_id)).toEqual(once);
    });

    it('a person whose role becomes client gets it, once however often the role goes back and forth', async () => {
      const added = await asAdmin('POST', '/api/v1/admin/people', {
        email: fresh('turned'),
        first_name: 'Tur',
        last_name: 'Ned',
        role_id: 2,
      });
      expect(added.statusCode, added.body).toBe(201);
      const id = added.json().data.id as number;
      expect(await sendsTo(id)).toEqual([]);
      for (const role_id of [3, 2, 3]) {
        const changed = await asAdmin('POST', `/api/v1/admin/people/${id}`, { role_id });
        expect(changed.statusCode, changed.body).toBe(200);
      }
      expect(await sendsTo(id)).toEqual([{ form_id: await intakeId(), status: 'draft', sent_by: null }]);
    });
  });

  it('lists the tenant’s form sends to a key, with the answers of submitted ones only', async () => {
    const form = await newForm(coach);
    const draft = await sendTo(coach, client.user.id, form.id);
    await call(client, 'PUT', `/api/v1/forms/${draft.id}/draft`, { answers: { name: 'Work in progress' } });
    const done = await sendTo(coach, client.user.id, form.id);
    await call(client, 'POST', `/api/v1/forms/${done.id}/submit`, {
      answers: { name: 'Ann', smoker: false },
    });
    const { key } = await makeApiKey(h, { token: admin.token, tenantId: admin.user.tenantId }, 'read');
    const rows: { id: number; status: string; answers: unknown; client_email: string }[] = [];
    let cursor: string | null = null;
    do {
      const res = await keyCall(
        h.app,
        key,
        'GET',
        `/integration/v1/form-sends?limit=200${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      rows.push(...res.json().data);
      cursor = res.json().next_cursor;
    } while (cursor);
    expect(rows.find((r) => r.id === draft.id)).toMatchObject({ status: 'draft', answers: null });
    expect(rows.find((r) => r.id === done.id)).toMatchObject({
      status: 'submitted',
      answers: { name: 'Ann', smoker: false },
      client_email: client.user.email,
    });
    // Another tenant's key sees none of them.
    const foreignAdmin = await signIn(h, { demo: 'admin', tenant: BETA });
    const { key: foreignKey } = await makeApiKey(h, { token: foreignAdmin.token, tenantId: BETA }, 'read');
    const foreign = (await keyCall(h.app, foreignKey, 'GET', '/integration/v1/form-sends?limit=200')).json()
      .data;
    expect(foreign.some((r: { id: number }) => r.id === done.id || r.id === draft.id)).toBe(false);
  });
});
