// Support tickets, testimonials and referrals: 201 with the row stored for the caller's tenant, user and
// request id; 422 naming the field; per-user limits (429 + Retry-After) and the per-IP flood guard; the
// referral's invitation mail at most once a day per address and tenant, never to the caller or a tenant's user.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BETA, Harness, nextIp } from './helpers/harness.js';
import { post } from './helpers/client-work.js';
import type { Person } from './helpers/sign-in.js';
import { purgeExpired } from '../src/services/housekeeping/purge-expired.js';
import { mailsTo } from './helpers/mail.js';
import { signIn } from './helpers/sign-in.js';

const TICKETS = '/api/v1/tickets';
const TESTIMONIAL = '/api/v1/testimonials/addtestimonial';
const REFERRAL = '/api/v1/testimonials/addreferral';
const DAY = 24 * 60 * 60_000;

const h = new Harness();
let me: Person;
let other: Person;
let beta: Person;
beforeAll(async () => {
  await h.start();
  me = await signIn(h);
  other = await signIn(h);
  beta = await signIn(h, { tenant_id: BETA });
});
afterAll(() => h.stop());

/** Moves the clock past sessions' idle limit too, so every client used later signs in again. */
async function advance(ms: number, ...clients: Person[]) {
  h.clock.advance(ms);
  for (const c of [me, other, beta, ...clients]) c.token = (await signIn(h, { user: c.user })).token;
}

const ticket = { subject: 'Cannot open my notes', message: 'The page stays empty.\nSince this morning.' };
const testimonial = {
  testimonial: 'Working with my coach doubled our margins in a year.',
  display_name: 'Rachel K., Evanston',
  consent: true,
};
let referred = 0;
/** A referral body for an address nobody has referred yet. */
const referral = (fields: Record<string, unknown> = {}) => ({
  first_name: 'Dana',
  last_name: 'Reyes',
  email: `friend${++referred}@example.com`,
  note: 'Runs a bakery, wants to hire.',
  ...fields,
});

/** The invitation mails `to` received (a user's sign-in codes are mails too). */
const invitations = async (to: string) =>
  (await mailsTo(h.mailDir, to)).filter((m) => m.subject.includes(' recommends '));

/** The stored rows of one table for one user, oldest first. */
const rows = (table: 'support_tickets' | 'testimonials' | 'referrals', c: Person) =>
  h.db.selectFrom(table).selectAll().where('user_id', '=', c.user.id).orderBy('id').execute();

describe('POST /api/v1/tickets', () => {
  it('stores the ticket with the caller, the tenant and the request id (201)', async () => {
    const res = await post(h, me, TICKETS, { ...ticket, category: 'technical' });
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data).toMatchObject({ subject: ticket.subject, category: 'technical' });
    const [row] = await rows('support_tickets', me);
    expect(row).toMatchObject({
      id: data.id,
      tenant_id: me.user.tenantId,
      user_id: me.user.id,
      subject: ticket.subject,
      message: ticket.message,
      category: 'technical',
    });
    // The request id is the one the log line of this request carries, so support can find both.
    const line = h.logs.find((l) => l.includes('"support ticket"') && l.includes(`"ticket_id":${data.id}`));
    expect(line).toContain(`"reqId":"${row!.request_id}"`);
    expect(line).not.toContain(ticket.message);
  });

  it('files a ticket without a category as a general question', async () => {
    const res = await post(h, other, TICKETS, ticket);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.category).toBe('general');
  });

  it('names each invalid field (422) and stores nothing', async () => {
    const before = (await rows('support_tickets', other)).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ message: 'x' }, 'subject'],
      [{ subject: 'x' }, 'message'],
      [{ ...ticket, subject: '   ' }, 'subject'],
      [{ ...ticket, subject: 'two\nlines' }, 'subject'],
      [{ ...ticket, subject: 'x'.repeat(201) }, 'subject'],
      [{ ...ticket, message: 'x'.repeat(10_001) }, 'message'],
      [{ ...ticket, message: 'nul\u0000' }, 'message'],
      [{ ...ticket, category: 'refund-now' }, 'category'],
      [{ ...ticket, user_id: other.user.id }, 'user_id'],
      [{ ...ticket, tenant_id: BETA }, 'tenant_id'],
    ];
    for (const [body, field] of cases) {
      const res = await post(h, other, TICKETS, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().error), JSON.stringify(body)).toEqual([field]);
    }
    expect(await rows('support_tickets', other)).toHaveLength(before);
  });

  it('needs a signed-in caller of that tenant', async () => {
    expect((await h.call('POST', TICKETS, { body: ticket })).statusCode).toBe(401);
    // An ALPHA token with BETA's X-Tenant-Id files nothing for either tenant.
    const res = await h.call('POST', TICKETS, { tenant: BETA, token: me.token, body: ticket });
    expect(res.statusCode).toBe(403);
    const ticketsOfBeta = await h.db
      .selectFrom('support_tickets')
      .select('id')
      .where('tenant_id', '=', BETA)
      .execute();
    expect(ticketsOfBeta).toEqual([]);
  });

  it('10 tickets sent at once store 5: the others are 429', async () => {
    const sender = await signIn(h);
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(h, sender, TICKETS, ticket)));
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(5);
    expect(answers.filter((res) => res.statusCode === 429)).toHaveLength(5);
    expect(await rows('support_tickets', sender)).toHaveLength(5);
  });

  it('allows 5 tickets an hour per user, then 429 with Retry-After; others are not affected', async () => {
    const sender = await signIn(h);
    for (let i = 0; i < 5; i++) expect((await post(h, sender, TICKETS, ticket)).statusCode).toBe(201);
    const res = await post(h, sender, TICKETS, ticket);
    expect(res.statusCode).toBe(429);
    const wait = Number(res.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(res.json().message).toBe(`Too many tickets. Try again in ${wait} seconds.`);
    expect(await rows('support_tickets', sender)).toHaveLength(5);
    expect((await post(h, other, TICKETS, ticket)).statusCode).toBe(201);
    await advance(60 * 60_000, sender);
    expect((await post(h, sender, TICKETS, ticket)).statusCode).toBe(201);
  });

  it('is behind the per-IP flood guard', async () => {
    const app = await h.build({ authRequestsPerMinute: 2 });
    try {
      const ip = nextIp();
      const file = () =>
        app.inject({
          method: 'POST',
          url: TICKETS,
          remoteAddress: ip,
          headers: { 'x-tenant-id': String(beta.user.tenantId), authorization: `Bearer ${beta.token}` },
          payload: ticket,
        });
      expect((await file()).statusCode).toBe(201);
      expect((await file()).statusCode).toBe(201);
      const res = await file();
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  });

  it('keeps each tenant’s and user’s tickets apart', async () => {
    expect((await post(h, beta, TICKETS, { ...ticket, subject: 'Beta question' })).statusCode).toBe(201);
    for (const c of [me, other, beta]) {
      for (const row of await rows('support_tickets', c)) {
        expect(row.tenant_id).toBe(c.user.tenantId);
      }
    }
    const subjects = (await rows('support_tickets', me)).map((r) => r.subject);
    expect(subjects).not.toContain('Beta question');
  });
});

describe('POST /api/v1/testimonials/addtestimonial', () => {
  it('stores the testimonial with the time consent was given (201)', async () => {
    const res = await post(h, me, TESTIMONIAL, testimonial);
    expect(res.statusCode).toBe(201);
    const [row] = await rows('testimonials', me);
    expect(row).toMatchObject({
      id: res.json().data.id,
      tenant_id: me.user.tenantId,
      testimonial: testimonial.testimonial,
      display_name: testimonial.display_name,
    });
    expect(row!.consented_at).toEqual(h.clock.now());
  });

  it('refuses a testimonial without consent to publish it, naming the field (422)', async () => {
    for (const body of [
      { ...testimonial, consent: false },
      { ...testimonial, consent: undefined },
    ]) {
      const res = await post(h, other, TESTIMONIAL, body);
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().error)).toEqual(['consent']);
    }
    expect(await rows('testimonials', other)).toEqual([]);
  });

  it('names invalid fields (422)', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...testimonial, testimonial: 'Great!' }, 'testimonial'],
      [{ ...testimonial, testimonial: 'x'.repeat(5001) }, 'testimonial'],
      [{ ...testimonial, display_name: 'a\u0007b' }, 'display_name'],
      [{ ...testimonial, display_name: '' }, 'display_name'],
      [{ ...testimonial, rating: 5 }, 'rating'],
    ];
    for (const [body, field] of cases) {
      const res = await post(h, other, TESTIMONIAL, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().error), JSON.stringify(body)).toEqual([field]);
    }
  });

  it('6 testimonials sent at once store 3: the others are 429', async () => {
    const sender = await signIn(h);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => post(h, sender, TESTIMONIAL, testimonial)),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 201, 201, 429, 429, 429]);
    expect(await rows('testimonials', sender)).toHaveLength(3);
  });

  it('allows 3 testimonials a day per user, then 429', async () => {
    const sender = await signIn(h);
    for (let i = 0; i < 3; i++)
      expect((await post(h, sender, TESTIMONIAL, testimonial)).statusCode).toBe(201);
    const res = await post(h, sender, TESTIMONIAL, testimonial);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/^Too many testimonials\. Try again in \d+ seconds\.$/);
  });
});

describe('POST /api/v1/testimonials/addreferral', () => {
  it('stores the referral and mails the referred person an invitation (201)', async () => {
    const body = referral({ email: 'Dana.Reyes@Example.com' });
    const res = await post(h, me, REFERRAL, body);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ email: 'dana.reyes@example.com' });
    const [row] = await rows('referrals', me);
    expect(row).toMatchObject({
      tenant_id: me.user.tenantId,
      first_name: 'Dana',
      email: 'dana.reyes@example.com',
      invited: true,
    });
    const mails = await mailsTo(h.mailDir, 'dana.reyes@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Test User 1 recommends Alpha Coaching to you');
    expect(mails[0]!.text).toContain('Hello Dana,');
    expect(mails[0]!.text).toContain(me.user.email);
    expect(mails[0]!.text).toContain('https://portal.alpha-coaching.example');
    // The client's note is for the coach, not for a stranger's inbox.
    expect(mails[0]!.text).not.toContain('bakery');
  });

  it('invites an address once a day per tenant: a second referral is stored but not mailed', async () => {
    const body = referral();
    expect((await post(h, me, REFERRAL, body)).statusCode).toBe(201);
    const again = await post(h, other, REFERRAL, body);
    // The same answer either way: nobody learns that someone else referred the address.
    expect(again.statusCode).toBe(201);
    expect(again.json().data).toMatchObject({ email: body.email });
    expect(await mailsTo(h.mailDir, body.email)).toHaveLength(1);
    expect((await rows('referrals', other)).at(-1)).toMatchObject({ email: body.email, invited: false });
    // Another tenant's invitation is its own.
    expect((await post(h, beta, REFERRAL, body)).statusCode).toBe(201);
    expect(await mailsTo(h.mailDir, body.email)).toHaveLength(2);
    // A day later the address may be invited again.
    await advance(DAY);
    expect((await post(h, other, REFERRAL, body)).statusCode).toBe(201);
    expect(await mailsTo(h.mailDir, body.email)).toHaveLength(3);
  });

  it('refuses the caller’s own second referral of an address within the day (422), storing and mailing nothing', async () => {
    const body = referral();
    expect((await post(h, me, REFERRAL, body)).statusCode).toBe(201);
    const before = (await rows('referrals', me)).length;
    const again = await post(h, me, REFERRAL, { ...body, email: body.email.toUpperCase() });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ error: { email: ['You have already referred this person today.'] } });
    expect(await rows('referrals', me)).toHaveLength(before);
    expect(await mailsTo(h.mailDir, body.email)).toHaveLength(1);
    // A day later the caller may refer them again, and they are invited again.
    await advance(DAY);
    expect((await post(h, me, REFERRAL, body)).statusCode).toBe(201);
    expect(await mailsTo(h.mailDir, body.email)).toHaveLength(2);
  });

  it('forgets an invitation once it no longer holds back another (the hourly purge)', async () => {
    const body = referral();
    expect((await post(h, me, REFERRAL, body)).statusCode).toBe(201);
    const held = () =>
      h.db.selectFrom('referral_invitations').select('email').where('email', '=', body.email).execute();
    await purgeExpired(h.db, h.clock.now());
    expect(await held()).toHaveLength(1);
    await purgeExpired(h.db, new Date(h.clock.now().getTime() + DAY + 1000));
    expect(await held()).toEqual([]);
  });

  it('never mails someone who already uses the tenant’s portal', async () => {
    const res = await post(h, me, REFERRAL, referral({ email: other.user.email.toUpperCase() }));
    expect(res.statusCode).toBe(201);
    expect(await invitations(other.user.email)).toEqual([]);
    expect((await rows('referrals', me)).at(-1)).toMatchObject({ email: other.user.email, invited: false });
  });

  it('refuses the caller’s own address and invalid fields, naming the field (422)', async () => {
    const before = (await rows('referrals', other)).length;
    const cases: [Record<string, unknown>, string][] = [
      [referral({ email: other.user.email.toUpperCase() }), 'email'],
      [referral({ email: 'not-an-email' }), 'email'],
      [referral({ email: 'a@b@c.com' }), 'email'],
      [referral({ email: undefined }), 'email'],
      [referral({ first_name: ' ' }), 'first_name'],
      [referral({ last_name: 'x'.repeat(101) }), 'last_name'],
      [referral({ note: 'x'.repeat(2001) }), 'note'],
      [referral({ phone: '555' }), 'phone'],
    ];
    for (const [body, field] of cases) {
      const res = await post(h, other, REFERRAL, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().error), JSON.stringify(body)).toEqual([field]);
    }
    const own = await post(h, other, REFERRAL, referral({ email: other.user.email }));
    expect(own.json().error.email).toEqual(['Enter the address of someone else, not your own.']);
    expect(await rows('referrals', other)).toHaveLength(before);
    expect(await invitations(other.user.email)).toEqual([]);
  });

  it('allows 10 referrals a day per user, then 429 and no mail', async () => {
    const sender = await signIn(h);
    for (let i = 0; i < 10; i++) expect((await post(h, sender, REFERRAL, referral())).statusCode).toBe(201);
    const body = referral();
    const res = await post(h, sender, REFERRAL, body);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json().message).toMatch(/^Too many referrals\. Try again in \d+ seconds\.$/);
    expect(await mailsTo(h.mailDir, body.email)).toEqual([]);
  });

  it('stores the referral when the mail server is down: its invitation waits in the outbox', async () => {
    const down = await h.build({ mail: { smtpUrl: 'smtp://127.0.0.1:1', mailDir: h.mailDir } });
    const body = referral();
    try {
      const res = await down.inject({
        method: 'POST',
        url: REFERRAL,
        headers: { 'x-tenant-id': String(me.user.tenantId), authorization: `Bearer ${me.token}` },
        payload: body,
      });
      expect(res.statusCode).toBe(201);
    } finally {
      await down.close();
    }
    expect((await rows('referrals', me)).map((r) => r.email)).toContain(body.email);
    const queued = await h.db
      .selectFrom('mail_outbox')
      .select(['subject', 'last_error'])
      .where('to_address', '=', body.email)
      .execute();
    expect(queued).toEqual([
      { subject: expect.any(String), last_error: expect.stringMatching(/ECONNREFUSED/) },
    ]);
    expect(await mailsTo(h.mailDir, body.email)).toEqual([]);
  });
});
