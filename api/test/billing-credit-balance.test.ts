// A client's credit balance through the API, on a real migrated database (PGlite, or PostgreSQL
// through scripts/with-postgres.sh): their coach reads it, another coach and another tenant's admin get a 404;
// an admin adjusts it up or down with a reason, audited and told as credit.changed, never below what is left.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paidPackage } from './helpers/billing-rows.js';
import { CLIENT_ZONE, ZONE, bookingWorld, call, newClient, newCoach, newType } from './helpers/booking.js';
import type { Coach } from './helpers/booking.js';
import { ALPHA, BETA, Harness } from './helpers/harness.js';
import { signIn } from './helpers/sign-in.js';
import type { Person } from './helpers/sign-in.js';

const h = new Harness();
let coach: Coach;
let client: Person;
let admin: Person;
let creditType: number;
let purchaseId: number;

beforeAll(async () => {
  await h.start();
  ({ coach, client } = await bookingWorld(h));
  admin = await signIn(h, { role_id: 1, tenant_id: ALPHA, first_name: 'Ada', last_name: 'Admin' });
  creditType = await newType(h, coach, { name: 'Paid session', needs_credit: true });
  ({ purchaseId } = await paidPackage(h, coach, client, { sessions: 3, meetingTypeId: creditType }));
  const res = await call(h, client, 'POST', '/api/v1/booking', {
    coach_id: coach.user.id,
    type_id: creditType,
    start: '2027-03-16T09:00:00.000Z',
  });
  expect(res.statusCode, res.body).toBe(201);
});
afterAll(() => h.stop());

const credits = (who: Person, clientId = client.user.id, role = 'coach') =>
  call(h, who, 'GET', `/api/v1/${role}/clients/${clientId}/credits`);
const adjust = (body: Record<string, unknown>, clientId = client.user.id, who = admin) =>
  call(h, who, 'POST', `/api/v1/admin/clients/${clientId}/credits`, body);

describe('the balance', () => {
  it('the coach reads their client’s: each grant, what is spent of it, and the next expiry', async () => {
    const res = await credits(coach);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ client_id: client.user.id, available: 2 });
    expect(data.grants).toEqual([
      expect.objectContaining({
        source: 'purchase',
        quantity: 3,
        used: 1,
        purchase_id: purchaseId,
        meeting_type: { id: creditType, title: 'Paid session' },
        reason: null,
      }),
    ]);
    expect(data.next_expiry).toBe(data.grants[0].expires_at);
    expect(Date.parse(data.next_expiry)).toBeGreaterThan(h.clock.now().getTime());
    // The admin reads the same.
    const same = await credits(admin, client.user.id, 'admin');
    expect(same.json().data).toEqual(data);
  });

  it('another coach, another tenant’s admin, a client and an unknown id: 404 or 403, nothing read', async () => {
    const other = await newCoach(h, ZONE);
    expect((await credits(other)).statusCode).toBe(404);
    expect((await credits(coach, 999_999)).statusCode).toBe(404);
    const foreignAdmin = await signIn(h, { role_id: 1, tenant_id: BETA });
    expect((await credits(foreignAdmin, client.user.id, 'admin')).statusCode).toBe(404);
    expect((await adjust({ quantity: 5, reason: 'Mine now' }, client.user.id, foreignAdmin)).statusCode).toBe(
      404,
    );
    expect((await credits(client, client.user.id, 'admin')).statusCode).toBe(403);
    expect((await credits(coach, coach.user.id, 'admin')).statusCode).toBe(403);
    expect((await credits(admin, coach.user.id, 'admin')).statusCode).toBe(404);
  });
});

describe("an admin's adjustment", () => {
  it('up and down with a reason: audited, told as credit.changed, the balance answered', async () => {
    const up = await adjust({ quantity: 2, reason: '  Goodwill after a missed call  ' });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().data.available).toBe(4);
    expect(up.json().data.grants[0]).toMatchObject({
      source: 'adjustment',
      quantity: 2,
      used: 0,
      reason: 'Goodwill after a missed call',
      meeting_type: null,
      expires_at: null,
    });
    const down = await adjust({ quantity: -3, reason: 'Booked by phone', meeting_type_id: creditType });
    expect(down.statusCode, down.body).toBe(200);
    expect(down.json().data.available).toBe(1);

    const audit = await h.db
      .selectFrom('audit_log')
      .select(['action', 'subject_type', 'person_id', 'actor_user_id', 'summary'])
      .where('action', '=', 'credit.adjusted')
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      {
        action: 'credit.adjusted',
        subject_type: 'credit_grant',
        person_id: client.user.id,
        actor_user_id: admin.user.id,
        summary: 'Gave 2 session credits: Goodwill after a missed call',
      },
      {
        action: 'credit.adjusted',
        subject_type: 'credit_grant',
        person_id: client.user.id,
        actor_user_id: admin.user.id,
        summary: 'Took away 3 session credits: Booked by phone',
      },
    ]);
    const events = (
      await h.db.selectFrom('events').select('data').where('type', '=', 'credit.changed').execute()
    ).map((e) => e.data as { change: number; balance: number; reason: string });
    expect(events.filter((e) => e.reason === 'adjustment')).toEqual([
      expect.objectContaining({ client_id: client.user.id, change: 2, balance: 4 }),
      expect.objectContaining({ client_id: client.user.id, change: -3, balance: 1 }),
    ]);
  });

  it('never below what is left, never 0, never a type of another tenant: 422 and nothing written', async () => {
    const before = await h.db.selectFrom('credit_grants').select('id').execute();
    const below = await adjust({ quantity: -2, reason: 'Too many' });
    expect(below.statusCode).toBe(422);
    expect(below.json().error.quantity[0]).toMatch(/has 1 credit left/);
    expect((await adjust({ quantity: 0, reason: 'Nothing' })).statusCode).toBe(422);
    expect((await adjust({ quantity: 1, reason: '' })).statusCode).toBe(422);
    const foreign = await newCoach(h, ZONE, BETA);
    const foreignType = await newType(h, foreign);
    const typed = await adjust({ quantity: 1, reason: 'Theirs', meeting_type_id: foreignType });
    expect(typed.statusCode).toBe(422);
    expect(typed.json().error.meeting_type_id).toBeDefined();
    expect(await h.db.selectFrom('credit_grants').select('id').execute()).toEqual(before);
  });

  it('only an admin adjusts', async () => {
    const otherClient = await newClient(h, coach, CLIENT_ZONE);
    expect((await adjust({ quantity: 1, reason: 'Please' }, otherClient.user.id, coach)).statusCode).toBe(
      403,
    );
    expect((await adjust({ quantity: 1, reason: 'Please' }, otherClient.user.id, client)).statusCode).toBe(
      403,
    );
  });
});
