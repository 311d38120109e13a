// Webhook signatures, the scheme Stripe uses: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`.
// The timestamp is inside what is signed, so a captured delivery cannot be replayed later with a new time, and a
// receiver refuses one older than its tolerance. api/README.md shows a receiver's check.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A fresh signing secret: 32 random bytes, prefixed so a leaked one is recognisable in a scan. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64url')}`;

const hmac = (secret: string, timestamp: number, body: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

/**
 * One v1 value per secret: the endpoint's, then during a rotation's grace period the one it replaced, so a receiver
 * checking either secret accepts the delivery (Stripe sends several v1 entries the same way).
 */
export function signatureHeader(secrets: string[], timestamp: number, body: string): string {
  return [`t=${timestamp}`, ...secrets.map((secret) => `v1=${hmac(secret, timestamp, body)}`)].join(',');
}

/**
 * Whether `header` signs `body` with `secret` and its time is within `toleranceSeconds` of `now` (unix seconds).
 * Every v1 value is compared in constant time: during a rotation a sender may send one per secret.
 */
export function verifySignature(
  secret: string,
  header: string,
  body: string,
  now: number,
  toleranceSeconds = 300,
): boolean {
  const parts = header.split(',').map((part) => part.split('=', 2) as [string, string | undefined]);
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1]);
  if (!Number.isInteger(timestamp) || Math.abs(now - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(hmac(secret, timestamp, body), 'hex');
  return parts.some(([key, value]) => {
    if (key !== 'v1' || !value || !/^[0-9a-f]{64}$/.test(value)) return false;
    return timingSafeEqual(Buffer.from(value, 'hex'), expected);
  });
}
