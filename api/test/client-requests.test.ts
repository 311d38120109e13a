// A client's tickets, testimonials and referrals as their coach hears of them and answers them, through the API
// on a real migrated database (PGlite, or PostgreSQL through scripts/with-postgres.sh): the coach is mailed of
// each new one (unless they turned message mail off), and an answer is kept as well as mailed, so the client
// reads it on /help (GET /api/v1/tickets) and the coach's Requests list shows what was answered; and a message
// subject is never an empty one in the notice mail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, startSignedIn } from './helpers/coach.js';
import { Harness } from './helpers/harness.js';
import { mailsTo, waitForMail } from './helpers/mail.js';
import type { Person } from './helpers/sign-in.js';

const h = new Harness();
let coach: Person;
let coach2: Person;
let client: Person;
let basic: Person;
let client2: Person;
beforeAll(async () => {
  [coach, coach2, client, basic, client2] = await startSignedIn(
    h,
    'coach',
    'coach2',
    'client',
    'basic',
    'client2',
  );
});
afterAll(() => h.stop());

const ticket = (who: Person, subject: string) =>
  as(h, who, 'POST', '/api/v1/tickets', { subject, message: 'The calendar misses my Thursday meeting.' });
const myTickets = (who: Person) => as(h, who, 'GET', '/api/v1/tickets');
/** The mails to `who` about a new request. */
const notices = async (who: Person) =>
  (await mailsTo(h.mailDir, who.user.email)).filter(
    (m) => / from /.test(m.subject) && /^New /.test(m.subject),
  );

describe("the coach hears of a client's new request by mail", () => {
  it('a ticket, a testimonial and a referral each mail the client’s coach, with a link to that kind', async () => {
    const before = (await notices(coach)).length;
    expect((await ticket(client, 'Calendar is empty')).statusCode).toBe(201);
    const first = await waitForMail(
      h.mailDir,
      coach.user.email,
      (await mailsTo(h.mailDir, coach.user.email)).length,
    );
    expect(first.subject).toMatch(/^New support request from \S+ \S+$/);
    expect(first.text).toContain('Calendar is empty');
    expect(first.text).toContain('The calendar misses my Thursday meeting.');
    expect(first.text).toContain('/coach/requests?kind=tickets');

    const testimonial = await as(h, client, 'POST', '/api/v1/testimonials/addtestimonial', {
      testimonial: 'Working with my coach doubled our margins in a year.',
      display_name: 'Rachel K.',
      consent: true,
    });
    expect(testimonial.statusCode).toBe(201);
    const referral = await as(h, client, 'POST', '/api/v1/testimonials/addreferral', {
      first_name: 'Dana',
      last_name: 'Reyes',
      email: 'dana.reyes@example.com',
      note: 'Runs a bakery.',
    });
    expect(referral.statusCode).toBe(201);
    const told = async () => (await notices(coach)).slice(before).map((m) => m.subject);
    await expect.poll(told).toHaveLength(3);
    expect((await told()).map((s) => s.replace(/ from .*/, ''))).toEqual([
      'New support request',
      'New testimonial',
      'New referral',
    ]);
    const mails = (await notices(coach)).slice(before);
    expect(mails[1]!.text).toContain('/coach/requests?kind=testimonials');
    expect(mails[2]!.text).toContain('Dana Reyes');
    expect(mails[2]!.text).toContain('dana.reyes@example.com');
    // Another coach hears nothing of a client not theirs.
    expect(await notices(coach2)).toEqual([]);
  });

  it('a coach who turned message mail off is not mailed; the ticket is stored all the same', async () => {
    await h.db
      .insertInto('notification_preferences')
      .values({ user_id: coach2.user.id, kind: 'message', channel: 'mail', enabled: false })
      .execute();
    try {
      const res = await ticket(client2, 'Muted coach');
      expect(res.statusCode).toBe(201);
      // The mailer drops the notice and says so; nothing reaches the coach.
      await expect
        .poll(() => h.logs.some((l) => l.includes('its recipient turned this kind off by mail')))
        .toBe(true);
      expect(await notices(coach2)).toEqual([]);
      expect((await myTickets(client2)).json().data[0]).toMatchObject({
        subject: 'Muted coach',
        status: 'new',
      });
    } finally {
      await h.db.deleteFrom('notification_preferences').where('user_id', '=', coach2.user.id).execute();
    }
  });
});

describe('answers to a ticket', () => {
  it('are kept: the client lists their tickets with status and answers, the coach’s list shows them', async () => {
    const filed = (await ticket(client, 'Invoice address')).json().data;
    const listed = (await myTickets(client)).json().data;
    expect(listed[0]).toEqual({
      id: filed.id,
      category: 'general',
      subject: 'Invoice address',
      message: 'The calendar misses my Thursday meeting.',
      status: 'new',
      created_at: filed.created_at,
      status_changed_at: null,
      answers: [],
    });

    const mailsBefore = (await mailsTo(h.mailDir, client.user.email)).length;
    const answered = await as(h, coach, 'POST', `/api/v1/coach/requests/tickets/${filed.id}`, {
      status: 'done',
      reply: 'Changed it.\nThe next invoice shows the new address.',
    });
    expect(answered.statusCode).toBe(200);
    const answer = {
      body: 'Changed it.\nThe next invoice shows the new address.',
      created_at: h.clock.now().toISOString(),
      coach: { first_name: expect.any(String), last_name: expect.any(String) },
    };
    expect(answered.json().data.answers).toEqual([answer]);
    // The mail leads to where the answer is kept.
    const mail = await waitForMail(h.mailDir, client.user.email, mailsBefore + 1);
    expect(mail.text).toMatch(/\/help\b/);
    const mine = (await myTickets(client)).json().data[0];
    expect(mine).toMatchObject({ id: filed.id, status: 'done', answers: [answer] });
    expect(mine.status_changed_at).toBe(h.clock.now().toISOString());
    const coachList = (await as(h, coach, 'GET', '/api/v1/coach/requests')).json().data;
    expect(
      coachList.find((r: { kind: string; id: number }) => r.kind === 'tickets' && r.id === filed.id),
    ).toMatchObject({ status: 'done', answers: [answer] });

    // A second answer follows the first; a status change alone adds none.
    await as(h, coach, 'POST', `/api/v1/coach/requests/tickets/${filed.id}`, { reply: 'One more thing.' });
    await as(h, coach, 'POST', `/api/v1/coach/requests/tickets/${filed.id}`, { status: 'in_progress' });
    const again = (await myTickets(client)).json().data[0];
    expect(again.answers.map((a: { body: string }) => a.body)).toEqual([answer.body, 'One more thing.']);
    expect(again.status).toBe('in_progress');
  });

  it('are the client’s alone: a colleague lists none of them, and a coach may not call the client’s list', async () => {
    const theirs = (await myTickets(basic)).json().data as { subject: string }[];
    expect(theirs.map((t) => t.subject)).not.toContain('Invoice address');
    expect((await myTickets(coach)).statusCode).toBe(403);
    // Another coach's list has none of them either.
    const other = (await as(h, coach2, 'GET', '/api/v1/coach/requests')).json().data as { summary: string }[];
    expect(other.map((r) => r.summary)).not.toContain('Invoice address');
  });
});

describe("a message's subject", () => {
  it('of invisible characters alone is refused (its notice would mail an empty subject); nothing is mailed', async () => {
    const before = (await mailsTo(h.mailDir, client.user.email)).length;
    const res = await as(h, coach, 'POST', '/api/v1/coach/messages', {
      client_id: client.user.id,
      subject: '\u200b\u2060\u200b',
      body: '<p>Hello</p>',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.subject).toEqual(['Write a subject of at most 200 characters.']);
    expect(await mailsTo(h.mailDir, client.user.email)).toHaveLength(before);
  });
});
