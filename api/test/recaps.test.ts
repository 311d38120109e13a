// Shared recaps through the API on the seeded fixture tenants (PGlite, or PostgreSQL through
// scripts/with-postgres.sh): the coach writes a meeting's recap, which the client cannot see while a draft,
// shares it (the client's bell and mail hear of it, webhooks get recap.shared), both comment, and steps made
// from it link back. Another coach's client's recap is a 404 that changes nothing; the coach's private notes
// and the client's own notes never show in a recap.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, startSignedIn } from './helpers/coach.js';
import { BETA, Harness } from './helpers/harness.js';
import { mailsTo, waitForMail } from './helpers/mail.js';
import type { Person } from './helpers/sign-in.js';

const h = new Harness();
let coach: Person;
let coach2: Person;
let client: Person;
let foreign: Person;
let meetingId: number;
beforeAll(async () => {
  [coach, coach2, client, foreign] = await startSignedIn(h, 'coach', 'coach2', 'client', ['coach', BETA]);
  const coachRow = await h.db
    .selectFrom('coaches')
    .select('id')
    .where('user_id', '=', coach.user.id)
    .executeTakeFirstOrThrow();
  const started = new Date(h.clock.now().getTime() - 2 * 60 * 60_000);
  meetingId = (
    await h.db
      .insertInto('meetings')
      .values({
        tenant_id: client.user.tenantId,
        client_id: client.user.id,
        coach_id: coachRow.id,
        title: 'Recap test session',
        starts_at: started,
        duration_minutes: 60,
        time_zone: 'Europe/London',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => h.stop());

const snapshot = async () =>
  JSON.stringify(
    await Promise.all([
      h.db.selectFrom('recaps').selectAll().orderBy('id').execute(),
      h.db.selectFrom('recap_comments').selectAll().orderBy('id').execute(),
      h.db.selectFrom('action_steps').select(['id', 'recap_id']).orderBy('id').execute(),
    ]),
  );

const notificationsOf = (userId: number) =>
  h.db.selectFrom('notifications').select(['kind', 'title', 'link']).where('user_id', '=', userId).execute();

describe('shared recaps', () => {
  let recapId: number;

  it('keeps a draft from the client, and cuts the rich text to the rule', async () => {
    const saved = await as(h, coach, 'POST', `/api/v1/coach/meetings/${meetingId}/recap`, {
      body: '<p>We agreed on <b>three hires</b>.</p><script>alert(1)</script><img src="https://x.test/p.png">',
    });
    expect(saved.statusCode).toBe(200);
    const recap = saved.json().data;
    recapId = recap.id;
    expect(recap).toMatchObject({ shared_at: null, body: '<p>We agreed on <b>three hires</b>.</p>' });
    expect(recap.meeting).toMatchObject({ id: meetingId, title: 'Recap test session' });

    // The seed's shared recap shows; the draft does not.
    const seen = (await as(h, client, 'GET', '/api/v1/recaps')).json().data as { id: number }[];
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.map((r) => r.id)).not.toContain(recapId);
    expect((await as(h, client, 'GET', `/api/v1/recaps/${recapId}`)).statusCode).toBe(404);
    expect(
      (await as(h, client, 'POST', `/api/v1/recaps/${recapId}/comments`, { body: 'Early!' })).statusCode,
    ).toBe(404);
    // Markup alone is no recap.
    const empty = await as(h, coach, 'POST', `/api/v1/coach/meetings/${meetingId}/recap`, {
      body: '<p> </p>',
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toEqual({ error: { body: ['This field is required.'] } });
  });

  it('refuses another coach, another tenant and unknown ids with 404, and changes nothing', async () => {
    const before = await snapshot();
    for (const who of [coach2, foreign]) {
      const calls = [
        await as(h, who, 'GET', `/api/v1/coach/meetings/${meetingId}/recap`),
        await as(h, who, 'POST', `/api/v1/coach/meetings/${meetingId}/recap`, { body: '<p>Mine now</p>' }),
        await as(h, who, 'POST', `/api/v1/coach/recaps/${recapId}/share`),
        await as(h, who, 'POST', `/api/v1/recaps/${recapId}/comments`, { body: 'Hello' }),
        await as(h, who, 'POST', `/api/v1/coach/recaps/${recapId}/action-steps`, { title: 'Theirs' }),
        await as(h, who, 'GET', `/api/v1/coach/clients/${client.user.id}/recaps`),
      ];
      expect(calls.map((c) => c.statusCode)).toEqual([404, 404, 404, 404, 404, 404]);
    }
    expect((await as(h, coach, 'GET', '/api/v1/coach/meetings/2000000/recap')).statusCode).toBe(404);
    expect(await snapshot()).toBe(before);
  });

  it('shares it: the client reads it, hears of it in the bell and by mail, once', async () => {
    const shared = await as(h, coach, 'POST', `/api/v1/coach/recaps/${recapId}/share`);
    expect(shared.statusCode).toBe(200);
    expect(shared.json().data.shared_at).toEqual(expect.any(String));
    expect((await as(h, coach, 'POST', `/api/v1/coach/recaps/${recapId}/share`)).statusCode).toBe(409);

    const list = (await as(h, client, 'GET', '/api/v1/recaps')).json().data;
    expect(list.map((r: { id: number }) => r.id)).toContain(recapId);
    const mail = await waitForMail(h.mailDir, client.user.email);
    expect(mail.subject).toContain('Recap test session');
    expect(mail.text).toContain('We agreed on three hires.');
    expect(mail.text).toContain(`/recaps/${recapId}`);
    expect(await notificationsOf(client.user.id)).toContainEqual(
      expect.objectContaining({ kind: 'recap', link: `/recaps/${recapId}` }),
    );
    const events = await h.db
      .selectFrom('events')
      .select(['type', 'data'])
      .where('type', '=', 'recap.shared')
      .execute();
    expect(events.map((e) => e.data)).toContainEqual(expect.objectContaining({ recap_id: recapId }));
    // Sharing again changed nothing and mailed nothing more.
    expect(
      (await mailsTo(h.mailDir, client.user.email)).filter((m) => m.subject.includes('recap')),
    ).toHaveLength(1);
  });

  it('holds a thread of both parties, each comment told to the other', async () => {
    const fromClient = await as(h, client, 'POST', `/api/v1/recaps/${recapId}/comments`, {
      body: 'Thanks! Can we add a deadline?',
    });
    expect(fromClient.statusCode).toBe(201);
    expect(fromClient.json().data).toMatchObject({ mine: true, body: 'Thanks! Can we add a deadline?' });
    const fromCoach = await as(h, coach, 'POST', `/api/v1/recaps/${recapId}/comments`, {
      body: 'Yes: Friday.',
    });
    expect(fromCoach.statusCode).toBe(201);

    const thread = (await as(h, client, 'GET', `/api/v1/recaps/${recapId}`)).json().data.comments;
    expect(thread.map((c: { body: string; mine: boolean }) => [c.body, c.mine])).toEqual([
      ['Thanks! Can we add a deadline?', true],
      ['Yes: Friday.', false],
    ]);
    expect(await notificationsOf(coach.user.id)).toContainEqual(
      expect.objectContaining({ kind: 'recap', link: `/coach/meetings/${meetingId}/recap` }),
    );
  });

  it('makes action steps from it that link back, on the client board', async () => {
    const step = await as(h, coach, 'POST', `/api/v1/coach/recaps/${recapId}/action-steps`, {
      title: 'Draft the three job descriptions',
      due_date: '2030-01-10',
    });
    expect(step.statusCode).toBe(201);
    const recap = (await as(h, client, 'GET', `/api/v1/recaps/${recapId}`)).json().data;
    expect(recap.action_steps).toEqual([
      {
        id: step.json().data.id,
        title: 'Draft the three job descriptions',
        status: 0,
        due_date: '2030-01-10',
      },
    ]);
    const board = (await as(h, client, 'POST', '/api/v1/impcoaching/steps/')).json().data.action_steps;
    expect(board.map((s: { title: string }) => s.title)).toContain('Draft the three job descriptions');
  });

  it("keeps the coach's private notes and the client's own notes out of the recap", async () => {
    await as(h, coach, 'POST', `/api/v1/coach/clients/${client.user.id}/notes`, {
      body: 'Private: seemed anxious about money.',
      meeting_id: meetingId,
    });
    await as(h, client, 'POST', '/api/v1/clientportal/store/note/', {
      title: 'My own note',
      body: 'Only mine: hiring scares me.',
    });
    const seen = JSON.stringify((await as(h, client, 'GET', '/api/v1/recaps')).json());
    expect(seen).not.toContain('anxious about money');
    expect(seen).not.toContain('hiring scares me');
    const coachSees = JSON.stringify(
      (await as(h, coach, 'GET', `/api/v1/coach/clients/${client.user.id}/recaps`)).json(),
    );
    expect(coachSees).toContain('three hires');
    expect(coachSees).not.toContain('hiring scares me');
  });
});
