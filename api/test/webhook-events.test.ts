// Each product action that a tenant's systems hear about records its event in the action's own transaction:
// a message (a client's and a coach's), a file shared (by a client and by a coach), a ticket, a testimonial
// and a referral. Payloads carry ids and the few fields a CRM needs, never a message's subject or body.
// (The payment and the completed lesson are shown in payments.test.ts and lesson-analytics.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventType } from '../../contracts/events.js';
import { as, startSignedIn } from './helpers/coach.js';
import { sendFiles } from './helpers/company-files.js';
import { ALPHA, Harness } from './helpers/harness.js';
import type { Person } from './helpers/sign-in.js';
import { send } from './helpers/mailbox.js';

const h = new Harness();
let client: Person;
let coach: Person;
beforeAll(async () => {
  [client, coach] = await startSignedIn(h, 'client', 'coach');
});
afterAll(() => h.stop());

/** The events of one type recorded since the test began. */
async function recorded(type: EventType, since: Date) {
  const rows = await h.db
    .selectFrom('events')
    .select(['tenant_id', 'data'])
    .where('type', '=', type)
    .where('created_at', '>=', since)
    .execute();
  for (const row of rows) expect(row.tenant_id).toBe(ALPHA);
  return rows.map((row) => row.data);
}

const start = async () => {
  const [{ now }] = (await h.db.selectNoFrom((eb) => eb.fn<Date>('now').as('now')).execute()) as [
    { now: Date },
  ];
  return now;
};

const companyOf = async (person: Person) =>
  (
    await h.db
      .selectFrom('users')
      .select('company_id')
      .where('id', '=', person.user.id)
      .executeTakeFirstOrThrow()
  ).company_id!;

describe('events recorded by the product', () => {
  it("records message.created for a client's message to their coach, without its subject or body", async () => {
    const since = await start();
    const res = await send(h, client, { subject: 'Pricing question', body: '<p>Secret margin numbers</p>' });
    expect(res.errors).toBeUndefined();
    const [event, ...more] = await recorded('message.created', since);
    expect(more).toEqual([]);
    expect(event).toMatchObject({
      message_id: Number(res.data!.sendEmail.id),
      from_user_id: client.user.id,
      from_role: 'client',
      to_user_id: coach.user.id,
      attachments: 0,
    });
    expect(JSON.stringify(event)).not.toMatch(/Pricing|Secret/);
  });

  it("records message.created for a coach's message to a client", async () => {
    const since = await start();
    const res = await as(h, coach, 'POST', '/api/v1/coach/messages', {
      client_id: client.user.id,
      subject: 'Your plan',
      body: '<p>Private advice</p>',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await recorded('message.created', since)).toEqual([
      expect.objectContaining({
        from_user_id: coach.user.id,
        from_role: 'coach',
        to_user_id: client.user.id,
      }),
    ]);
  });

  it('records file.shared for a file a client shares with their company', async () => {
    const since = await start();
    const companyId = await companyOf(client);
    const res = await sendFiles(h, client, {
      company_id: String(companyId),
      description: 'Q3 numbers',
      files: { name: 'q3.pdf', bytes: Buffer.from('%PDF-1.4\n') },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await recorded('file.shared', since)).toEqual([
      expect.objectContaining({
        company_id: companyId,
        recipient_id: null,
        from_user_id: client.user.id,
        from_role: 'client',
        files: 1,
      }),
    ]);
  });

  it('records file.shared for a file a coach sends to one client', async () => {
    const since = await start();
    const res = await sendFiles(
      h,
      coach,
      {
        to: 'client',
        description: 'Worksheet',
        files: { name: 'plan.pdf', bytes: Buffer.from('%PDF-1.4\n') },
      },
      `/api/v1/coach/clients/${client.user.id}/files`,
    );
    expect(res.statusCode, res.body).toBe(201);
    const [event] = await recorded('file.shared', since);
    expect(event).toMatchObject({
      recipient_id: client.user.id,
      from_user_id: coach.user.id,
      from_role: 'coach',
    });
    expect(JSON.stringify(event)).not.toMatch(/plan\.pdf|Worksheet/);
  });

  it('records ticket.created with its category, not its text', async () => {
    const since = await start();
    const res = await as(h, client, 'POST', '/api/v1/tickets', {
      subject: 'Cannot log in',
      message: 'Since this morning.',
      category: 'account',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await recorded('ticket.created', since)).toEqual([
      {
        ticket_id: res.json().data.id,
        user_id: client.user.id,
        category: 'account',
        created_at: expect.any(String),
      },
    ]);
  });

  it('records testimonial.created with the name to publish it under', async () => {
    const since = await start();
    const res = await as(h, client, 'POST', '/api/v1/testimonials/addtestimonial', {
      testimonial: 'Doubled our margins.',
      display_name: 'Rachel K.',
      consent: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await recorded('testimonial.created', since)).toEqual([
      {
        testimonial_id: res.json().data.id,
        user_id: client.user.id,
        display_name: 'Rachel K.',
        created_at: expect.any(String),
      },
    ]);
  });

  it('records referral.created with the referred lead, and nothing for a refused one', async () => {
    const since = await start();
    const body = {
      first_name: 'Dana',
      last_name: 'Reyes',
      email: 'dana.reyes@example.com',
      note: 'A bakery.',
    };
    const res = await as(h, client, 'POST', '/api/v1/testimonials/addreferral', body);
    expect(res.statusCode, res.body).toBe(201);
    // The same person again within the day is refused (422): no event for it.
    expect((await as(h, client, 'POST', '/api/v1/testimonials/addreferral', body)).statusCode).toBe(422);
    expect(await recorded('referral.created', since)).toEqual([
      {
        referral_id: res.json().data.id,
        user_id: client.user.id,
        first_name: 'Dana',
        last_name: 'Reyes',
        email: 'dana.reyes@example.com',
        created_at: expect.any(String),
      },
    ]);
  });
});
