// Web Push to each device a person subscribed (push-service.ts stores them): the payload encrypted for that
// device by web-push (RFC 8291, aes128gcm) and signed with the server's VAPID key, then sent through the
// guarded client, since a subscription's endpoint is an address a browser chose. A 404 or 410 means the push
// service forgot the subscription (the app was uninstalled, the permission withdrawn): its row goes. Any other
// failure is logged by its status or category and the subscription's push service origin only: the endpoint's
// path is the device's capability, as good as a key, and never reaches a log.
import type { Kysely } from 'kysely';
import webPush from 'web-push';
import type { NotificationKind } from '../../../../contracts/notifications.js';
import type { VapidKeys } from '../../config.js';
import type { Database } from '../../db/database.js';
import { channelsOf } from '../notifications/channels.js';
import type { GuardedClient } from '../outbound/guarded-client.js';

/** What a device shows: title and body, the app's path a click opens, and the tag a newer one replaces. */
export interface PushNotice {
  kind: NotificationKind;
  title: string;
  body: string;
  /** A path of the tenant's app (`/messages/12`): the service worker opens nothing of another origin. */
  link: string;
  /** One notification per tag on a device: a newer one of the same tag replaces the older. */
  tag: string;
  /** How long the push service keeps it for a device that is offline (a day unless given). */
  ttlSeconds?: number;
  /** RFC 8030: 'high' wakes a sleeping phone at once (a meeting about to start). */
  urgency?: 'very-low' | 'low' | 'normal' | 'high';
}

export interface PushDeps {
  vapid: VapidKeys;
  client: GuardedClient;
  log: { warn(obj: object, msg: string): void };
  now: () => Date;
}

interface PushOutcome {
  sent: number;
  /** Subscriptions the push service said are gone (404/410), deleted. */
  dropped: number;
  failed: number;
}

const DAY_SECONDS = 24 * 60 * 60;
// A push service accepts 4 KiB of encrypted payload; a body cut here keeps the JSON well under it.
const MAX_BODY = 1000;

const origin = (endpoint: string) => {
  try {
    return new URL(endpoint).origin;
  } catch {
    return 'invalid';
  }
};

/**
 * Pushes `notice` to every subscription of `userId`, when their choice for `notice.kind` keeps push on
 * (channelsOf). Resolves once every device was tried; a device's failure never fails the others or the caller.
 */
export async function sendPush(
  db: Kysely<Database>,
  deps: PushDeps,
  userId: number,
  notice: PushNotice,
): Promise<PushOutcome> {
  const outcome: PushOutcome = { sent: 0, dropped: 0, failed: 0 };
  if (!(await channelsOf(db, userId, notice.kind)).push) return outcome;
  const devices = await db
    .selectFrom('push_subscriptions')
    .select(['id', 'endpoint', 'p256dh', 'auth'])
    .where('user_id', '=', userId)
    .execute();
  const payload = JSON.stringify({
    title: notice.title,
    body: notice.body.length > MAX_BODY ? `${notice.body.slice(0, MAX_BODY - 1)}…` : notice.body,
    url: notice.link,
    tag: notice.tag,
  });
  await Promise.all(
    devices.map(async (device) => {
      const request = webPush.generateRequestDetails(
        { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
        payload,
        {
          vapidDetails: deps.vapid,
          TTL: notice.ttlSeconds ?? DAY_SECONDS,
          urgency: notice.urgency ?? 'normal',
          contentEncoding: 'aes128gcm',
        },
      );
      const answer = await deps.client.request({
        method: 'POST',
        url: request.endpoint,
        headers: request.headers,
        body: request.body,
        timeoutMs: 10_000,
      });
      const status = 'status' in answer ? answer.status : undefined;
      if (status !== undefined && status >= 200 && status < 300) {
        outcome.sent++;
        await db
          .updateTable('push_subscriptions')
          .set({ last_success_at: deps.now() })
          .where('id', '=', device.id)
          .execute();
      } else if (status === 404 || status === 410) {
        outcome.dropped++;
        await db.deleteFrom('push_subscriptions').where('id', '=', device.id).execute();
      } else {
        outcome.failed++;
        deps.log.warn(
          {
            subscription: device.id,
            pushService: origin(device.endpoint),
            ...('failure' in answer ? { failure: answer.failure } : { status }),
          },
          'push: not delivered',
        );
      }
    }),
  );
  return outcome;
}
