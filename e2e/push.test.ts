/**
 * Web Push in Chromium against the real build (the tenant's baked service worker, `portal serve`, the real API
 * with VAPID keys): the demo client turns on "Push notifications on this device" on My Profile (axe there),
 * sendPush pushes a new message's notice to the device through a real push service stand-in on 127.0.0.1
 * (web-push-testing: it checks the VAPID signature and decrypts the payload), the decrypted payload is handed
 * to the worker as the push service would (CDP ServiceWorker.deliverPushMessage), the worker shows the
 * notification with the tenant's icon, and its click brings the app to the thread.
 *
 * What is not Chromium's own: its registration with its push service (FCM) cannot be reached from here, so
 * the page's PushManager.subscribe answers with the stand-in's subscription (made for the server's key, which
 * the test checks the app passed). And the click is a notificationclick the worker dispatches to itself, there
 * being no notification on screen to click in headless Chromium.
 */
import path from 'node:path';
import type { BrowserContext, CDPSession, Page, Worker } from 'playwright-core';
import webPush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startPushService,
  type PushServiceStandIn,
  type StandInSubscription,
} from '../api/test/helpers/push-service.js';
import { connect } from '../api/src/db/connect.js';
import { createGuardedClient } from '../api/src/services/outbound/guarded-client.js';
import { sendPush } from '../api/src/services/push/send-push.js';
import { SHOTS, expectNoSeriousViolations, newContext, signIn, useAppStack } from './app-support';

const EMAIL = 'client@demo.test';
const vapid = { ...webPush.generateVAPIDKeys(), subject: 'mailto:ops@portal.example' };
const app = useAppStack(['demo'], () => ({
  VAPID_PUBLIC_KEY: vapid.publicKey,
  VAPID_PRIVATE_KEY: vapid.privateKey,
  VAPID_SUBJECT: vapid.subject,
}));

let pushService: PushServiceStandIn;
let device: StandInSubscription;
let context: BrowserContext;
let page: Page;
let origin: string;
let threadPath: string;

/** The browser's side of subscribing, answered with the stand-in's subscription (see the file's comment). */
function standInPushManager(subscription: { endpoint: string; keys: { p256dh: string; auth: string } }) {
  let current: object | null = null;
  const seen: number[][] = [];
  (window as unknown as { pushKeysSeen: number[][] }).pushKeysSeen = seen;
  PushManager.prototype.subscribe = function (options?: PushSubscriptionOptionsInit) {
    seen.push(Array.from(new Uint8Array(options?.applicationServerKey as ArrayBuffer)));
    current = {
      endpoint: subscription.endpoint,
      expirationTime: null,
      toJSON: () => ({ endpoint: subscription.endpoint, expirationTime: null, keys: subscription.keys }),
      unsubscribe: () => {
        current = null;
        return Promise.resolve(true);
      },
    };
    return Promise.resolve(current as PushSubscription);
  };
  PushManager.prototype.getSubscription = () => Promise.resolve(current as PushSubscription | null);
}

beforeAll(async () => {
  pushService = await startPushService();
  device = await pushService.subscribe(vapid.publicKey);
  origin = app.stack.urls.demo!;
  context = await newContext();
  await context.grantPermissions(['notifications'], { origin });
  await context.addInitScript(standInPushManager, { endpoint: device.endpoint, keys: device.keys });
  page = await context.newPage();
  await signIn(page, origin, EMAIL);
});
afterAll(async () => {
  await context?.close();
  await pushService?.stop();
});

const pushToggle = () => page.getByRole('checkbox', { name: /Push notifications on this device/ });

/** The worker's registration id, as CDP's ServiceWorker domain names it. */
async function registrationId(cdp: CDPSession): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

const shownNotifications = () =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      icon: n.icon,
      data: n.data as unknown,
    })),
  );

describe('web push (demo client)', () => {
  it('turns push on for this device on My Profile, with the server’s key', async () => {
    // The thread the push will be about: the demo client's newest message.
    await page.goto(`${origin}/messages`);
    await page.getByRole('list', { name: 'Inbox' }).getByRole('link').first().click();
    await page.waitForURL(/\/messages\/thread\//);
    threadPath = new URL(page.url()).pathname;

    await page.goto(`${origin}/profile`);
    // The card needs the app's worker active (it registers once the page is idle).
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expect.poll(() => pushToggle().isEnabled()).toBe(true);
    expect(await pushToggle().isChecked()).toBe(false);
    await expectNoSeriousViolations(page, 'profile with the push toggle');
    await pushToggle().click();
    await expect.poll(() => pushToggle().isChecked()).toBe(true);
    const keysSeen = await page.evaluate(
      () => (window as unknown as { pushKeysSeen: number[][] }).pushKeysSeen,
    );
    expect(keysSeen).toEqual([Array.from(Buffer.from(vapid.publicKey, 'base64url'))]);
    await expectNoSeriousViolations(page, 'profile with push on');
    await page
      .getByRole('region', { name: 'Push notifications' })
      .screenshot({ path: path.join(SHOTS, 'push-profile-on.png') });
  });

  it('a push sent by sendPush is shown by the worker, and its click opens the thread', async () => {
    // sendPush reads the stored subscription from the stack's database: PGlite allows one process per folder,
    // so the API steps aside while it runs, and comes back before the click opens the thread.
    await app.stack.stopApi();
    try {
      const db = await connect({ databaseUrl: undefined, pgliteDir: path.join(app.stack.work, 'pg') }, false);
      try {
        const { id } = await db
          .selectFrom('users')
          .select('id')
          .where('email', '=', EMAIL)
          .executeTakeFirstOrThrow();
        const outcome = await sendPush(
          db,
          {
            vapid,
            client: createGuardedClient({ production: false }),
            log: { warn: (obj, msg) => void console.warn(msg, obj) },
            now: () => new Date(),
          },
          id,
          {
            kind: 'message',
            title: 'New message from your coach',
            body: 'See you on Monday',
            link: threadPath,
            tag: 'message',
          },
        );
        expect(outcome).toEqual({ sent: 1, dropped: 0, failed: 0 });
      } finally {
        await db.destroy();
      }
    } finally {
      await app.stack.startApi();
    }
    const [payload] = await pushService.received(device.clientHash);
    expect(JSON.parse(payload!)).toEqual({
      title: 'New message from your coach',
      body: 'See you on Monday',
      url: threadPath,
      tag: 'message',
    });

    const cdp = await context.newCDPSession(page);
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId: await registrationId(cdp),
      data: payload!,
    });
    await expect.poll(shownNotifications).toEqual([
      {
        title: 'New message from your coach',
        body: 'See you on Monday',
        tag: 'message',
        // The tenant's icon, from its manifest.
        icon: expect.stringMatching(new RegExp(`^${origin}/.+`)),
        data: { url: threadPath },
      },
    ]);

    const worker: Worker =
      context.serviceWorkers().find((w) => w.url() === `${origin}/service-worker.js`) ??
      (await context.waitForEvent('serviceworker', (w) => w.url() === `${origin}/service-worker.js`));
    await worker.evaluate(async () => {
      // The worker's own globals (the repository's TypeScript libs are the page's, without the worker's types).
      const scope = self as unknown as {
        registration: ServiceWorkerRegistration;
        NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
        dispatchEvent(event: Event): boolean;
      };
      const [notification] = await scope.registration.getNotifications();
      scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: notification! }));
    });
    await page.waitForURL(`${origin}${threadPath}`);
    await page.getByRole('article').first().waitFor();
    // The click closed it.
    await expect.poll(shownNotifications).toEqual([]);
  });
});
