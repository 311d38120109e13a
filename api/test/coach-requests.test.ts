// The coach's requests through the API on a real migrated database: their clients' tickets, testimonials and
// referrals in one list with a status (and a testimonial's approval), changed by the coach, answered by mail.
// Another coach's client's row or another tenant's is a 404 that changes nothing; a client is refused with 403.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, startSignedIn } from './helpers/coach.js';
import { BETA, Harness } from './helpers/harness.js';
import { mailsTo, waitForMail } from './helpers/mail.js';
import type { Person } from './helpers/sign-in.js';

const h = new Harness();
let coach: Person;
let coach2: Person;
let client2: Person;
let foreignCoach: Person;
let foreign: Person;
beforeAll(async () => {
  [coach, coach2, client2, foreignCoach, foreign] = await startSignedIn(
    h,
    'coach',
    'coach2',
    'client2',
    ['coach', BETA],
    ['client', BETA],
  );
});
afterAll(() => h.stop());

const submitted = (who: Person, ago = 0) => ({
  tenant_id: who.user.tenantId,
  user_id: who.user.id,
  request_id: `coach-requests-${who.user.id}`,
  created_at: new Date(h.clock.now().getTime() - ago),
});
const MONTH = 30 * 24 * 60 * 60_000;

/** One ticket, testimonial and referral of `who`; the ticket a month old (older than Today's old week). */
async function submit(who: Person) {
  const ticket = await h.db
    .insertInto('support_tickets')
    .values({
      ...submitted(who, MONTH),
      category: 'billing',
      subject: 'Invoice address',
      message: 'Change it.',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const testimonial = await h.db
    .insertInto('testimonials')
    .values({
      ...submitted(who),
      testimonial: 'Best coach ever.',
      display_name: 'K. P.',
      consented_at: h.clock.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const referral = await h.db
    .insertInto('referrals')
    .values({
      ...submitted(who),
      first_name: 'Ann',
      last_name: 'Lee',
      email: 'ann@example.test',
      note: 'Runs a bakery.',
      invited: false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { ticket: ticket.id, testimonial: testimonial.id, referral: referral.id };
}

const rows = async () =>
  Promise.all(
    (['support_tickets', 'testimonials', 'referrals'] as const).map((t) =>
      h.db.selectFrom(t).selectAll().orderBy('id').execute(),
    ),
  );

describe("the coach's requests", () => {
  it("lists the coach's own clients' requests, changes a status and an approval, and mails the answer", async () => {
    const mine = await submit(client2);
    await submit(foreign);
    const list = await as(h, coach2, 'GET', '/api/v1/coach/requests');
    expect(list.statusCode).toBe(200);
    const data = list.json().data as { kind: string; id: number; client: { id: number } }[];
    expect(data.map((r) => r.client.id)).toEqual(data.map(() => client2.user.id));
    expect(data.find((r) => r.kind === 'tickets' && r.id === mine.ticket)).toEqual({
      kind: 'tickets',
      id: mine.ticket,
      client: { id: client2.user.id, first_name: 'Kevin', last_name: 'Park' },
      summary: 'Invoice address',
      text: 'Change it.',
      status: 'new',
      approved: null,
      created_at: expect.any(String),
      status_changed_at: null,
      answers: [],
    });
    expect(data.find((r) => r.kind === 'testimonials' && r.id === mine.testimonial)).toMatchObject({
      status: 'new',
      approved: false,
    });
    expect((await as(h, coach, 'GET', '/api/v1/coach/requests')).json().data).toEqual([]);

    // Today waits on what is not done, however old: the month-old ticket is there.
    const waiting = async () => (await as(h, coach2, 'GET', '/api/v1/coach/today')).json().data.waiting;
    expect((await waiting()).tickets.map((t: { id: number }) => t.id)).toContain(mine.ticket);

    const before = (await mailsTo(h.mailDir, client2.user.email)).length;
    const done = await as(h, coach2, 'POST', `/api/v1/coach/requests/tickets/${mine.ticket}`, {
      status: 'done',
      reply: 'Changed it.\nThe next invoice shows the new address.',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({ kind: 'tickets', id: mine.ticket, status: 'done' });
    expect(done.json().data.status_changed_at).toBe(h.clock.now().toISOString());
    const mail = await waitForMail(h.mailDir, client2.user.email, before + 1);
    expect(mail.subject).toMatch(/^Alpha.*: .* answered your support request$/);
    expect(mail.text).toContain('The next invoice shows the new address.');
    expect(mail.text).toContain('Invoice address');
    expect((await waiting()).tickets.map((t: { id: number }) => t.id)).not.toContain(mine.ticket);

    const approved = await as(h, coach2, 'POST', `/api/v1/coach/requests/testimonials/${mine.testimonial}`, {
      approved: true,
      status: 'in_progress',
    });
    expect(approved.json().data).toMatchObject({ approved: true, status: 'in_progress' });
    const row = await h.db
      .selectFrom('testimonials')
      .select(['approved', 'status'])
      .where('id', '=', mine.testimonial)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ approved: true, status: 'in_progress' });

    // A referral has no approval to give, and a status outside the three is refused.
    const refused = await as(h, coach2, 'POST', `/api/v1/coach/requests/referrals/${mine.referral}`, {
      approved: true,
    });
    expect(refused.statusCode).toBe(422);
    expect(JSON.stringify(refused.json())).toContain('Only a testimonial is approved for publication.');
    const odd = await as(h, coach2, 'POST', `/api/v1/coach/requests/referrals/${mine.referral}`, {
      status: 'archived',
    });
    expect(odd.statusCode).toBe(422);
  });

  it("answers 404 for another coach's client's request or another tenant's, changes and mails nothing", async () => {
    const theirs = await submit(client2);
    const abroad = await submit(foreign);
    const before = await rows();
    const mailsBefore = (await mailsTo(h.mailDir, client2.user.email)).length;
    const foreignMails = (await mailsTo(h.mailDir, foreign.user.email)).length;
    const attempts: [Person, string, number][] = [
      [coach, 'tickets', theirs.ticket],
      [coach, 'testimonials', theirs.testimonial],
      [coach, 'referrals', theirs.referral],
      [coach2, 'tickets', abroad.ticket],
      [coach2, 'testimonials', abroad.testimonial],
      [foreignCoach, 'tickets', theirs.ticket],
      [coach2, 'tickets', 999_999],
    ];
    for (const [who, kind, id] of attempts) {
      const res = await as(h, who, 'POST', `/api/v1/coach/requests/${kind}/${id}`, {
        status: 'done',
        approved: kind === 'testimonials' ? true : undefined,
        reply: 'Not yours to answer.',
      });
      expect(res.statusCode, `${kind} ${id}`).toBe(404);
    }
    expect(await rows()).toEqual(before);
    expect((await mailsTo(h.mailDir, client2.user.email)).length).toBe(mailsBefore);
    expect((await mailsTo(h.mailDir, foreign.user.email)).length).toBe(foreignMails);
  });

  it('refuses a client the requests routes with 403 and changes nothing', async () => {
    const own = await submit(client2);
    const before = await rows();
    expect((await as(h, client2, 'GET', '/api/v1/coach/requests')).statusCode).toBe(403);
    const res = await as(h, client2, 'POST', `/api/v1/coach/requests/tickets/${own.ticket}`, {
      status: 'done',
    });
    expect(res.statusCode).toBe(403);
    expect(await rows()).toEqual(before);
  });
});
