// Web Push: the server's key, a person's device subscriptions (their own only), and sendPush against a real push
// service stand-in on 127.0.0.1 (web-push-testing), which checks the VAPID signature and decrypts the payload:
// what it decrypts is what was sent. A device the push service forgot (410) is dropped; a person who turned push
// off for a kind gets nothing of that kind.
import webPush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedFixtures, as } from './helpers/coach.js';
import { Harness } from './helpers/harness.js';
import { startPushService, type PushServiceStandIn } from './helpers/push-service.js';
import { signIn, type Person } from './helpers/sign-in.js';
import { createGuardedClient } from '../src/services/outbound/guarded-client.js';
import { sendPush, type PushDeps } from '../src/services/push/send-push.js';

const vapid = { ...webPush.generateVAPIDKeys(), subject: 'mailto:ops@portal.example' };
const h = new Harness();
let pushService: PushServiceStandIn;
let client: Person;
let basic: Person;
let coach: Person;
const warnings: object[] = [];
const deps: PushDeps = {
  vapid,
  client: createGuardedClient({ production: false }),
  log: { warn: (obj) => void warnings.push(obj) },
  now: () => h.clock.now(),
};

beforeAll(async () => {
  await h.start({ vapid });
  await seedFixtures(h);
  client = await signIn(h, { demo: 'client' });
  basic = await signIn(h, { demo: 'basic' });
  coach = await signIn(h, { demo: 'coach' });
  pushService = await startPushService();
});
afterAll(async () => {
  await pushService?.stop();
  await h.stop();
});

const subscribe = (who: Person, body: unknown) => as(h, who, 'POST', '/api/v1/push/subscriptions', body);
const unsubscribe = (who: Person, endpoint: string) =>
  as(h, who, 'DELETE', '/api/v1/push/subscriptions', { endpoint });
const owners = async (endpoint: string) =>
  (
    await h.db.selectFrom('push_subscriptions').select('user_id').where('endpoint', '=', endpoint).execute()
  ).map((row) => row.user_id);
/** A device of the stand-in, subscribed with the server's key and handed to the API as the app would. */
const device = async (who: Person) => {
  const subscription = await pushService.subscribe(vapid.publicKey);
  const { endpoint, keys } = subscription;
  expect((await subscribe(who, { endpoint, keys })).statusCode).toBe(204);
  return subscription;
};
const notice = {
  kind: 'message',
  title: 'New message',
  body: 'Ada: see you at ten',
  link: '/messages/7',
  tag: 'message-7',
} as const;

describe('push subscriptions', () => {
  it('hands out the server’s public key to every signed-in role, null where push is off', async () => {
    for (const who of [client, coach])
      expect((await as(h, who, 'GET', '/api/v1/push/key')).json()).toEqual({
        data: { public_key: vapid.publicKey },
      });
    const off = await h.build({});
    try {
      const answer = await off.inject({
        method: 'GET',
        url: '/api/v1/push/key',
        headers: { authorization: `Bearer ${client.token}`, 'x-tenant-id': String(client.user.tenantId) },
      });
      expect(answer.json()).toEqual({ data: null });
    } finally {
      await off.close();
    }
  });

  it('refuses a subscription that is no https push service or has keys of the wrong size', async () => {
    const keys = (await pushService.subscribe(vapid.publicKey)).keys;
    const refused = [
      { endpoint: 'http://push.example/send/1', keys },
      { endpoint: 'ftp://push.example/send/1', keys },
      { endpoint: 'https://[push.example/send/1', keys },
      { endpoint: 'https://push.example/send/1', keys: { ...keys, p256dh: keys.p256dh.slice(1) } },
      { endpoint: 'https://push.example/send/1', keys: { ...keys, auth: `${keys.auth}AA` } },
      { endpoint: 'https://push.example/send/1', keys, extra: true },
    ];
    for (const body of refused)
      expect((await subscribe(client, body)).statusCode, JSON.stringify(body)).toBe(422);
    expect(await owners('https://push.example/send/1')).toEqual([]);
  });

  it('in production, refuses plain http and an address of the server’s own network', async () => {
    const production = await h.build({ vapid, production: true });
    try {
      const { keys } = await pushService.subscribe(vapid.publicKey);
      const post = (endpoint: string) =>
        production.inject({
          method: 'POST',
          url: '/api/v1/push/subscriptions',
          headers: { authorization: `Bearer ${client.token}`, 'x-tenant-id': String(client.user.tenantId) },
          payload: { endpoint, keys },
        });
      for (const endpoint of [
        pushService.url + '/notify/x',
        'https://127.0.0.1/send/1',
        'https://localhost/send/1',
      ])
        expect((await post(endpoint)).statusCode, endpoint).toBe(422);
      expect((await post('https://push.example/send/prod')).statusCode).toBe(204);
      expect(await owners('https://push.example/send/prod')).toEqual([client.user.id]);
    } finally {
      await production.close();
    }
  });

  it('keeps a device for its caller only: another person cannot remove it; signing in there moves it', async () => {
    const { endpoint } = await device(client);
    expect(await owners(endpoint)).toEqual([client.user.id]);
    expect((await unsubscribe(basic, endpoint)).statusCode).toBe(204);
    expect(await owners(endpoint)).toEqual([client.user.id]);
    // The same browser, someone else signed in there turning push on: the device is theirs now, not both's.
    await device(client);
    const moved = await pushService.subscribe(vapid.publicKey);
    expect((await subscribe(client, { endpoint: moved.endpoint, keys: moved.keys })).statusCode).toBe(204);
    expect((await subscribe(basic, { endpoint: moved.endpoint, keys: moved.keys })).statusCode).toBe(204);
    expect(await owners(moved.endpoint)).toEqual([basic.user.id]);
    expect((await unsubscribe(client, endpoint)).statusCode).toBe(204);
    expect(await owners(endpoint)).toEqual([]);
  });
});

describe('sendPush', () => {
  it('delivers the payload, encrypted and signed, to each of the person’s devices', async () => {
    const [phone, laptop] = [await device(coach), await device(coach)];
    const outcome = await sendPush(h.db, deps, coach.user.id, notice);
    expect(outcome).toEqual({ sent: 2, dropped: 0, failed: 0 });
    const expected = { title: notice.title, body: notice.body, url: notice.link, tag: notice.tag };
    for (const { clientHash } of [phone, laptop])
      expect((await pushService.received(clientHash)).map((text) => JSON.parse(text) as unknown)).toEqual([
        expected,
      ]);
    const rows = await h.db
      .selectFrom('push_subscriptions')
      .select('last_success_at')
      .where('user_id', '=', coach.user.id)
      .execute();
    expect(rows.every((row) => row.last_success_at !== null)).toBe(true);
  });

  it('drops a subscription its push service answers 410 for, and keeps the others', async () => {
    const person = await signIn(h, {});
    const [gone, kept] = [await device(person), await device(person)];
    await pushService.expire(gone.clientHash);
    expect(await sendPush(h.db, deps, person.user.id, notice)).toEqual({ sent: 1, dropped: 1, failed: 0 });
    expect(await owners(gone.endpoint)).toEqual([]);
    expect(await owners(kept.endpoint)).toEqual([person.user.id]);
    expect(await pushService.received(kept.clientHash)).toHaveLength(1);
  });

  it('sends nothing of a kind the person turned push off for, and still sends the others', async () => {
    const person = await signIn(h, {});
    const { clientHash } = await device(person);
    await h.db
      .insertInto('notification_preferences')
      .values({ user_id: person.user.id, kind: 'message', channel: 'push', enabled: false })
      .execute();
    expect(await sendPush(h.db, deps, person.user.id, notice)).toEqual({ sent: 0, dropped: 0, failed: 0 });
    expect(await pushService.received(clientHash)).toEqual([]);
    const reminder = { ...notice, kind: 'meeting_reminder', link: '/schedule', tag: 'meeting-3' } as const;
    expect(await sendPush(h.db, deps, person.user.id, reminder)).toEqual({ sent: 1, dropped: 0, failed: 0 });
    expect(await pushService.received(clientHash)).toHaveLength(1);
  });

  it('logs a failed delivery by the push service’s origin, never the endpoint’s secret path', async () => {
    const person = await signIn(h, {});
    const { keys } = await pushService.subscribe(vapid.publicKey);
    // A port nothing listens on: the connection is refused.
    const endpoint = 'http://127.0.0.1:9/notify/device-capability-secret';
    expect((await subscribe(person, { endpoint, keys })).statusCode).toBe(204);
    warnings.length = 0;
    expect(await sendPush(h.db, deps, person.user.id, notice)).toEqual({ sent: 0, dropped: 0, failed: 1 });
    expect(warnings).toEqual([
      { subscription: expect.any(Number), pushService: 'http://127.0.0.1:9', failure: 'connection refused' },
    ]);
    expect(JSON.stringify(warnings)).not.toContain('device-capability-secret');
    expect(await owners(endpoint)).toEqual([person.user.id]);
  });
});
