// "A signed agreement before booking or joining a group" (tenant.json's agreements.required) holds on every door:
// the client's booking, the integration API's booking for a client, a paid group's purchase and a coach adding a
// client to a group each answer 403 with reason agreement_required and change nothing until the client signs the
// current version; then each goes through. Off (the default), or with nothing published, nothing is asked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGREEMENT_REQUIRED } from '../../contracts/rest/agreements.js';
import { keyCall, makeApiKey } from './helpers/api-keys.js';
import { bookingWorld, call, newClient, slotsOf, starts } from './helpers/booking.js';
import type { BookingWorld, Coach } from './helpers/booking.js';
import { saleGroup } from './helpers/groups.js';
import { ALPHA, Harness } from './helpers/harness.js';
import { signIn } from './helpers/sign-in.js';
import type { Person } from './helpers/sign-in.js';
import { StripeStandIn } from './helpers/stripe-stand-in.js';

const stand = new StripeStandIn();
const h = new Harness();
let world: BookingWorld;
let coach: Coach;
let admin: Person;
let key: string;
let freeSlots: string[];
let paidGroup: number;
let coachGroup: number;

const required = (on: boolean) =>
  h.db.updateTable('tenants').set({ agreement_required: on }).where('id', '=', ALPHA).execute();

const REFUSED = { reason: AGREEMENT_REQUIRED };

const group = (fields: { price: number; group_type: string; title: string; coach_id?: number }) =>
  saleGroup(h, ALPHA, fields);

const meetingsOf = (who: Person) =>
  h.db.selectFrom('meetings').select('id').where('client_id', '=', who.user.id).execute();
const groupsOf = (who: Person) =>
  h.db.selectFrom('user_groups').select('group_id').where('user_id', '=', who.user.id).execute();

/** Every door, as `who`; each answer. */
const doors = {
  book: (who: Person, start: string) =>
    call(h, who, 'POST', '/api/v1/booking', { coach_id: coach.user.id, type_id: world.typeId, start }),
  keyBook: (who: Person, start: string) =>
    keyCall(h.app, key, 'POST', '/integration/v1/bookings', {
      client_id: who.user.id,
      coach_id: coach.user.id,
      type_id: world.typeId,
      start,
    }),
  pay: (who: Person) =>
    h.call('POST', '/integrations/stripe/create-intent', {
      tenant: ALPHA,
      token: who.token,
      body: { group_id: paidGroup },
      headers: { 'idempotency-key': `attempt-${who.user.id}-${Math.random().toString(36).slice(2)}` },
    }),
  addMember: (who: Person) =>
    call(h, coach, 'POST', `/api/v1/coach/groups/${coachGroup}/members`, { client_id: who.user.id }),
};

async function signAs(who: Person) {
  const [current] = (await call(h, who, 'GET', '/api/v1/agreement')).json().data;
  const user = await h.db
    .selectFrom('users')
    .select(['first_name', 'last_name'])
    .where('id', '=', who.user.id)
    .executeTakeFirstOrThrow();
  const res = await call(h, who, 'POST', '/api/v1/agreement/sign', {
    version_id: current.version_id,
    typed_name: `${user.first_name} ${user.last_name}`,
    agreed: true,
    text_sha256: current.text_sha256,
  });
  expect(res.statusCode, res.body).toBe(201);
}

const aClient = async () => {
  const who = await newClient(h, coach, 'UTC', { booking: true, group_coaching: true });
  return who;
};

beforeAll(async () => {
  await stand.start();
  await h.start({ stripe: { secretKey: 'sk_test_portal', webhookSecret: 'whsec_x', apiUrl: stand.url } });
  world = await bookingWorld(h);
  coach = world.coach;
  admin = await signIn(h, { role_id: 1 });
  ({ key } = await makeApiKey(h, { token: admin.token, tenantId: ALPHA }));
  freeSlots = starts((await slotsOf(h, world.client, coach.user.id, world.typeId, '2027-03-17', 3)).days);
  paidGroup = await group({ price: 4900, group_type: 'paid', title: 'Mastermind' });
  coachGroup = await group({ price: 0, group_type: 'free', title: 'Circle', coach_id: coach.coachId });
});
afterAll(async () => {
  await h.stop();
  await stand.stop();
});

describe('agreements.required off (the default)', () => {
  it('asks for nothing, even with an agreement published', async () => {
    const res = await call(h, admin, 'POST', '/api/v1/agreement/editor', {
      title: 'Coaching agreement',
      body_html: '<p>Our terms.</p>',
    });
    expect(res.statusCode, res.body).toBe(201);
    const who = await aClient();
    expect((await doors.book(who, freeSlots[0]!)).statusCode).toBe(201);
    expect((await doors.addMember(who)).statusCode).toBe(200);
  });
});

describe('agreements.required on', () => {
  beforeAll(() => required(true));
  afterAll(() => required(false));

  it('refuses every door, with the reason and a message, and changes nothing', async () => {
    const who = await aClient();
    const answers = [
      await doors.book(who, freeSlots[1]!),
      await doors.keyBook(who, freeSlots[2]!),
      await doors.pay(who),
      await doors.addMember(who),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject(REFUSED);
    }
    expect(answers.map((r) => r.json().message)).toEqual([
      'Please sign the coaching agreement before booking a meeting.',
      'Please sign the coaching agreement before booking a meeting.',
      'Please sign the coaching agreement before joining a group.',
      'This client has not signed the current coaching agreement: they can join a group once they have.',
    ]);
    expect(await meetingsOf(who)).toEqual([]);
    expect(await groupsOf(who)).toEqual([]);
    expect(stand.intents.size).toBe(0);
  });

  it('lets every door through once the current version is signed', async () => {
    const who = await aClient();
    await signAs(who);
    expect((await doors.book(who, freeSlots[3]!)).statusCode).toBe(201);
    expect((await doors.keyBook(who, freeSlots[4]!)).statusCode).toBe(201);
    expect((await doors.pay(who)).statusCode).toBe(200);
    expect((await doors.addMember(who)).statusCode).toBe(200);
    expect(await meetingsOf(who)).toHaveLength(2);
  });

  it('a new version closes the doors again until it is signed', async () => {
    const who = await aClient();
    await signAs(who);
    await call(h, admin, 'POST', '/api/v1/agreement/editor', {
      title: 'Coaching agreement',
      body_html: '<p>New terms.</p>',
    });
    const refused = await doors.book(who, freeSlots[5]!);
    expect(refused.statusCode).toBe(403);
    await signAs(who);
    expect((await doors.book(who, freeSlots[5]!)).statusCode).toBe(201);
  });
});
