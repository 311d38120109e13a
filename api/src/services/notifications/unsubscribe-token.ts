// A mail's unsubscribe token: the person and the kind, signed with the server's secret (UNSUBSCRIBE_SECRET), so
// the link works without signing in, for that person and kind alone, and cannot be made for anyone else. It
// does not expire: a mail read a year later still unsubscribes (RFC 8058 asks that the link keep working).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_KINDS, type NotificationKind } from '../../../../contracts/notifications.js';

/**
 * The secret of a stack without UNSUBSCRIBE_SECRET (tests, `npm start`): production refuses to start without
 * its own (config.ts), so links signed with this one are never mailed to a real person.
 */
export const LOCAL_UNSUBSCRIBE_SECRET = 'local stack only: not a secret, production sets its own';

const sign = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`unsubscribe.${payload}`).digest();

export function unsubscribeToken(secret: string, userId: number, kind: NotificationKind): string {
  const payload = Buffer.from(`${userId}.${kind}`).toString('base64url');
  return `${payload}.${sign(secret, payload).toString('base64url')}`;
}

/** The person and kind a token was signed for, or null when it was not signed with `secret` (forged, altered). */
export function readUnsubscribeToken(
  secret: string,
  token: string,
): { userId: number; kind: NotificationKind } | null {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length) return null;
  const given = Buffer.from(signature, 'base64url');
  const expected = sign(secret, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const match = /^([1-9][0-9]{0,9})\.([a-z_]+)$/.exec(Buffer.from(payload, 'base64url').toString());
  if (!match || !Object.hasOwn(NOTIFICATION_KINDS, match[2]!)) return null;
  return { userId: Number(match[1]), kind: match[2] as NotificationKind };
}
