// Web Push from a tenant's installed app: the server's public (VAPID) key the browser subscribes with, and one
// device's subscription as PushSubscription.toJSON() gives it. The keys are checked for their real sizes here,
// so a subscription the sender could not encrypt for is a 422 at once rather than a failure at every push.
import type { FromSchema } from 'json-schema-to-ts';
import { closed, line } from './pieces.js';

/** The push service's address for this device: https (plain http to this machine outside production). */
const endpoint = line(2048, { minLength: 1, pattern: '^https?://\\S+$' });

export const pushSubscription = closed({
  endpoint,
  keys: closed({
    /** The device's P-256 public key, uncompressed (65 bytes, first 0x04): 87 base64url characters. */
    p256dh: line(87, { pattern: '^B[A-Za-z0-9_-]{86}$' }),
    /** The 16-byte authentication secret: 22 base64url characters. */
    auth: line(22, { pattern: '^[A-Za-z0-9_-]{22}$' }),
  }),
});
export const pushUnsubscription = closed({ endpoint });

/** The key to subscribe with, or null when this server has none (push is off: the app hides its toggle). */
export const pushKey = { anyOf: [closed({ public_key: { type: 'string' } }), { type: 'null' }] } as const;

export type PushSubscriptionBody = FromSchema<typeof pushSubscription>;
export type PushKey = FromSchema<typeof pushKey>;
