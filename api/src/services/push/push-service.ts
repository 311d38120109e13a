// A person's devices for Web Push: the app subscribes a device with the server's public key and hands its
// subscription here; signing out of push on that device deletes it. An endpoint names one browser profile, so
// an endpoint already stored for someone else (another person signed in on the same device) moves to the
// caller: a device pushes to whoever last turned push on there, never to both.
import type { Kysely } from 'kysely';
import type { PushSubscriptionBody } from '../../../../contracts/rest/push.js';
import type { VapidKeys } from '../../config.js';
import type { Database } from '../../db/database.js';
import { FieldError } from '../../errors.js';
import type { Actor } from '../access/scope.js';
import { internalHost } from '../outbound/guarded-client.js';

interface PushServiceDeps {
  db: Kysely<Database>;
  now: () => Date;
  vapid: VapidKeys | undefined;
  production: boolean;
}

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * A push service is on the internet and speaks https. Outside production plain http to this machine is
 * allowed too, for a local push service stand-in (the tests'); production refuses an address of its own network.
 */
function checkEndpoint(endpoint: string, production: boolean): void {
  const url = URL.canParse(endpoint) ? new URL(endpoint) : undefined;
  const local = !production && url?.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname);
  if (!url || (url.protocol !== 'https:' && !local) || (production && internalHost(url.hostname)))
    throw new FieldError({ endpoint: ['A push subscription’s endpoint must be an https address.'] });
}

export function createPushService({ db, now, vapid, production }: PushServiceDeps) {
  const off = () => {
    throw new FieldError({ endpoint: ['Push notifications are not set up on this server.'] });
  };
  return {
    /** The key a browser subscribes with; null: push is off on this server. */
    key: () => (vapid ? { public_key: vapid.publicKey } : null),

    async subscribe(caller: Actor, body: PushSubscriptionBody, userAgent: string | undefined): Promise<void> {
      if (!vapid) off();
      checkEndpoint(body.endpoint, production);
      const row = {
        tenant_id: caller.tenantId,
        user_id: caller.userId,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        user_agent: userAgent?.slice(0, 300) ?? null,
      };
      await db
        .insertInto('push_subscriptions')
        .values({ ...row, endpoint: body.endpoint, created_at: now() })
        .onConflict((oc) => oc.column('endpoint').doUpdateSet({ ...row, last_success_at: null }))
        .execute();
    },

    /** Deletes the caller's own subscription at `endpoint`; another person's stays (nothing is said of it). */
    async unsubscribe(caller: Actor, endpoint: string): Promise<void> {
      await db
        .deleteFrom('push_subscriptions')
        .where('endpoint', '=', endpoint)
        .where('user_id', '=', caller.userId)
        .where('tenant_id', '=', caller.tenantId)
        .execute();
    },
  };
}
