// Session credits in booking, through the API on a real migrated database (PGlite, or PostgreSQL
// through scripts/with-postgres.sh): a type that needs a credit spends one in the booking's transaction, none
// left is a 402 credit_required and no meeting; a move keeps the credit, a cancellation within the notice (the
// client's) or by the coach gives it back, a meeting inside its notice keeps it spent; a grant past its expiry
// counts nothing; and a subscription unpaid past the tenant's grace days refuses the booking (plan_past_due).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableCredits } from '../src/services/billing/credit-balance.js';
import { tellExpiredCredits } from '../src/services/billing/credits.js';
import { paidPackage, pastDueSubscription } from './helpers/billing-rows.js';
import { CLIENT_ZONE, bookingWorld, call, newClient, newType, setClock } from './helpers/booking.js';
import type { Coach } from './helpers/booking.js';
import { ALPHA, Harness } from './helpers/harness.js';
import { signIn } from './helpers/sign-in.js';
import { until } from './helpers/until.js';
import type { Person } from './helpers/sign-in.js';

const h = new Harness();
const DAY = 24 * 60 * 60 * 1000;
let coach: Coach;
let creditType: number;
let freeType: number;

beforeAll(async () => {
  await h.start();
  ({ coach, typeId: freeType } = await bookingWorld(h));
  creditType = await newType(h, coach, { name: 'Paid session', duration_minutes: 30, needs_credit: true });
});
afterAll(() => h.stop());

const T0 = '2027-03-15T08:00:00Z';
const book = (client: Person, start: string, type = creditType) =>
  call(h, client, 'POST', '/api/v1/booking', { coach_id: coach.user.id, type_id: type, start });
const balance = (client: Person) => availableCredits(h.db, ALPHA, client.user.id, h.clock.now());
const usesOf = (meetingId: number) =>
  h.db.selectFrom('credit_uses').selectAll().where('meeting_id', '=', meetingId).execute();
const creditEvents = async (client: Person) =>
  (
    await h.db
      .selectFrom('events')
      .select('data')
      .where('type', '=', 'credit.changed')
      .orderBy('created_at')
      .execute()
  )
    .map((e) => e.data as { client_id: number; change: number; balance: number; reason: string })
    .filter((d) => d.client_id === client.user.id)
    .map(({ change, balance, reason }) => ({ change, balance, reason }));
const meetingsOf = (client: Person) =>
  h.db.selectFrom('meetings').select('id').where('client_id', '=', client.user.id).execute();

describe('spending a credit', () => {
  it('none left: 402 credit_required, and no meeting is made', async () => {
    setClock(h, T0);
    const client = await newClient(h, coach, CLIENT_ZONE);
    const res = await book(client, '2027-03-16T09:00:00.000Z');
    expect(res.statusCode, res.body).toBe(402);
    expect(res.json()).toMatchObject({ reason: 'credit_required' });
    expect(res.json().message).toMatch(/session credit/);
    expect(await meetingsOf(client)).toEqual([]);
    // A type that needs none books as before.
    expect((await book(client, '2027-03-16T09:00:00.000Z', freeType)).statusCode).toBe(201);
  });

  it('spends one, keeps it across a move, and gives it back on a cancellation within the notice', async () => {
    setClock(h, T0);
    const client = await newClient(h, coach, CLIENT_ZONE);
    await paidPackage(h, coach, client, { sessions: 2 });
    expect(await balance(client)).toBe(2);
    const res = await book(client, '2027-03-17T09:00:00.000Z');
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as number;
    expect(await balance(client)).toBe(1);
    const [use] = await usesOf(id);
    expect(use).toMatchObject({ meeting_id: id, returned_at: null });

    const moved = await call(h, client, 'POST', `/api/v1/booking/meetings/${id}/move`, {
      start: '2027-03-17T10:00:00.000Z',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await usesOf(id)).toEqual([use]);
    expect(await balance(client)).toBe(1);

    const cancelled = await call(h, client, 'POST', `/api/v1/booking/meetings/${id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await balance(client)).toBe(2);
    expect(await creditEvents(client)).toEqual([
      { change: -1, balance: 1, reason: 'spent' },
      { change: 1, balance: 2, reason: 'returned' },
    ]);
  });

  it('inside the notice the client cannot cancel, so the credit stays spent; the coach calling it off returns it', async () => {
    setClock(h, T0);
    const client = await newClient(h, coach, CLIENT_ZONE);
    await paidPackage(h, coach, client, { sessions: 2 });
    // Today at 11:00 Amsterdam: inside the tenant's 24 hours.
    const res = await book(client, '2027-03-15T10:00:00.000Z');
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as number;
    const refused = await call(h, client, 'POST', `/api/v1/booking/meetings/${id}/cancel`);
    expect(refused.statusCode).toBe(422);
    expect(await balance(client)).toBe(1);
    const off = await call(h, coach, 'POST', `/api/v1/coach/meetings/${id}/cancel`);
    expect(off.statusCode, off.body).toBe(200);
    expect(await balance(client)).toBe(2);
    expect((await creditEvents(client)).map((e) => e.reason)).toEqual(['spent', 'returned']);
  });

  it('the last credit goes to one of two bookings at once', async () => {
    setClock(h, T0);
    const client = await newClient(h, coach, CLIENT_ZONE);
    await paidPackage(h, coach, client, { sessions: 2 });
    expect((await book(client, '2027-03-18T09:00:00.000Z')).statusCode).toBe(201);
    const both = await Promise.all([
      book(client, '2027-03-18T11:00:00.000Z'),
      book(client, '2027-03-18T13:00:00.000Z'),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 402]);
    expect(await balance(client)).toBe(0);
    expect(await meetingsOf(client)).toHaveLength(2);
  });

  it('spends the grant that expires first, only for its own type, and an expired grant counts nothing', async () => {
    setClock(h, T0);
    let client = await newClient(h, coach, CLIENT_ZONE);
    const otherType = await newType(h, coach, {
      name: 'Other paid',
      duration_minutes: 30,
      needs_credit: true,
    });
    const now = h.clock.now().getTime();
    const late = await paidPackage(h, coach, client, { sessions: 2, expiresAt: new Date(now + 60 * DAY) });
    const soon = await paidPackage(h, coach, client, { sessions: 2, expiresAt: new Date(now + 4 * DAY) });
    const typed = await paidPackage(h, coach, client, {
      sessions: 2,
      meetingTypeId: otherType,
      expiresAt: null,
    });
    const res = await book(client, '2027-03-19T09:00:00.000Z');
    expect(res.statusCode, res.body).toBe(201);
    const grantOf = async (meetingId: number) => (await usesOf(meetingId))[0]!.grant_id;
    expect(await grantOf(res.json().data.id)).toBe(soon.grantId);
    const other = await book(client, '2027-03-19T11:00:00.000Z', otherType);
    expect(other.statusCode, other.body).toBe(201);
    expect(await grantOf(other.json().data.id)).toBe(soon.grantId);
    expect(await balance(client)).toBe(4);

    // Five days on, the soonest grant has expired: the next spends the later one; its type's grant is not touched.
    setClock(h, new Date(now + 5 * DAY).toISOString());
    client = await signIn(h, { user: client.user });
    expect(await balance(client)).toBe(4);
    const next = await book(client, '2027-03-22T09:00:00.000Z');
    expect(next.statusCode, next.body).toBe(201);
    expect(await grantOf(next.json().data.id)).toBe(late.grantId);
    expect(await availableCredits(h.db, ALPHA, client.user.id, h.clock.now(), creditType)).toBe(1);
    expect(typed.grantId).toBeGreaterThan(0);

    // Past the later one too: only the other type's grant is left, which this type cannot spend.
    setClock(h, new Date(now + 61 * DAY).toISOString());
    client = await signIn(h, { user: client.user });
    const none = await book(client, '2027-05-17T08:00:00.000Z');
    expect(none.statusCode, none.body).toBe(402);
    expect(none.json().reason).toBe('credit_required');
    expect(await balance(client)).toBe(2);
  });
});

describe('a subscription past due', () => {
  it('books within the grace days and is refused after them with plan_past_due, keeping what was booked', async () => {
    setClock(h, T0);
    let client = await newClient(h, coach, CLIENT_ZONE);
    await paidPackage(h, coach, client, { sessions: 4, expiresAt: null });
    const failed = h.clock.now();
    await pastDueSubscription(h, coach, client, failed);
    const { billing_grace_days: grace } = await h.db
      .selectFrom('tenants')
      .select('billing_grace_days')
      .where('id', '=', ALPHA)
      .executeTakeFirstOrThrow();
    expect(grace).toBe(3);
    // The last minute of the tenant's grace days: booking stays open.
    setClock(h, new Date(failed.getTime() + grace * DAY - 60_000).toISOString());
    client = await signIn(h, { user: client.user });
    const within = await book(client, '2027-03-20T09:00:00.000Z');
    expect(within.statusCode, within.body).toBe(201);
    setClock(h, new Date(failed.getTime() + grace * DAY + 60_000).toISOString());
    const after = await book(client, '2027-03-21T09:00:00.000Z');
    expect(after.statusCode, after.body).toBe(402);
    expect(after.json()).toMatchObject({ reason: 'plan_past_due' });
    expect(after.json().message).toMatch(/payment outstanding/);
    // A type that needs no credit is not the plan's: still open. What was booked stays.
    expect((await book(client, '2027-03-21T09:00:00.000Z', freeType)).statusCode).toBe(201);
    expect(await meetingsOf(client)).toHaveLength(2);
    expect(await balance(client)).toBe(3);
  });
});

describe('expiry', () => {
  it('is told once as credit.changed expired, by the sweep every job-running instance runs', async () => {
    setClock(h, T0);
    const client = await newClient(h, coach, CLIENT_ZONE);
    const expiresAt = new Date(h.clock.now().getTime() + 2 * DAY);
    const { purchaseId } = await paidPackage(h, coach, client, { sessions: 3, expiresAt });
    const res = await book(client, '2027-03-16T13:00:00.000Z');
    expect(res.statusCode, res.body).toBe(201);
    const expired = async () => (await creditEvents(client)).filter((e) => e.reason === 'expired');
    // Not yet expired: nothing to tell.
    await tellExpiredCredits(h.db, h.clock.now());
    expect(await expired()).toEqual([]);
    setClock(h, new Date(expiresAt.getTime() + 1000).toISOString());
    expect(await balance(client)).toBe(0);
    // A worker's sweep runs when it is ready; its run and a second one tell it once.
    const worker = await h.build({ jobs: { pollingSeconds: 0.5 } });
    try {
      await worker.ready();
      await until('the expiry told', async () => (await expired()).length > 0);
    } finally {
      await worker.close();
    }
    await tellExpiredCredits(h.db, h.clock.now());
    expect(await expired()).toEqual([{ change: -2, balance: 0, reason: 'expired' }]);
    const [event] = (
      await h.db.selectFrom('events').select('data').where('type', '=', 'credit.changed').execute()
    ).filter(
      (e) =>
        (e.data as { reason: string; client_id: number }).reason === 'expired' &&
        (e.data as { client_id: number }).client_id === client.user.id,
    );
    expect(event!.data).toMatchObject({ purchase_id: purchaseId, meeting_id: null });
  });
});
