// Login throttling and mail-send limits. State is in the auth_events table (see database.ts for why).
// Limits: 5 failed logins per account per 15 minutes, 20 per IP per 15 minutes; one OTP or reset mail per
// account per 60 s and 5 per hour. Unknown emails are throttled exactly like real ones.
// Past the account limit the account is not locked for everyone (OWASP: a lockout lets anyone who knows an
// address keep its owner out): the caller's `mayPass` decides (a device the user trusts, a solved CAPTCHA).
// The per-IP limit has no way past it.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { tooMany } from '../../errors.js';
import { clearEvents, eventsSince, recordEvent, takeEvent } from './auth-event-repository.js';
import type { EventWindow } from './auth-event-repository.js';

export const limits = {
  loginWindowMs: 15 * 60_000,
  loginFailuresPerAccount: 5,
  loginFailuresPerIp: 20,
  sendGapMs: 60_000,
  sendWindowMs: 60 * 60_000,
  sendsPerWindow: 5,
  /** A solved CAPTCHA allows one login attempt past the account limit within this time (a reCAPTCHA answer's life). */
  captchaPassMs: 2 * 60_000,
};

export type SendKind = 'otp_sent' | 'reset_sent';

export interface ThrottleService {
  /** Throws 429 when the IP is over its limit, or the account is over its limit and `mayPass` says no. */
  checkLogin(tenantId: number, email: string, ip: string, mayPass: () => Promise<boolean>): Promise<void>;
  loginFailed(tenantId: number, email: string, ip: string): Promise<void>;
  loginSucceeded(tenantId: number, email: string): Promise<void>;
  /** Throws 429 when another mail of this kind may not be sent to the user yet. */
  checkSend(tenantId: number, kind: SendKind, userId: number): Promise<void>;
  recordSend(tenantId: number, kind: SendKind, userId: number, ip: string): Promise<void>;
  captchaPassed(tenantId: number, ip: string): Promise<void>;
  /** Uses up a CAPTCHA solved from this IP in the last two minutes; false when there is none. */
  takeCaptchaPass(tenantId: number, ip: string): Promise<boolean>;
}

/** Whole seconds (at least 1) until a window of windowMs that began at `from` (or now) is over. */
export const secondsUntil = (from: Date | null, windowMs: number, now: Date): number =>
  Math.max(1, Math.ceil(((from?.getTime() ?? now.getTime()) + windowMs - now.getTime()) / 1000));

export function createThrottleService(db: Kysely<Database>, now: () => Date): ThrottleService {
  return {
    async checkLogin(tenantId, email, ip, mayPass) {
      const t = now();
      const since = new Date(t.getTime() - limits.loginWindowMs);
      const blocked = (window: EventWindow) =>
        tooMany(secondsUntil(window.oldest, limits.loginWindowMs, t), 'login attempts');
      const byIp = await eventsSince(db, { kind: 'login_failure', since, ip });
      if (byIp.count >= limits.loginFailuresPerIp) throw blocked(byIp);
      const account = await eventsSince(db, {
        kind: 'login_failure',
        since,
        tenant_id: tenantId,
        subject: email,
      });
      if (account.count >= limits.loginFailuresPerAccount && !(await mayPass())) throw blocked(account);
    },
    async loginFailed(tenantId, email, ip) {
      await recordEvent(db, {
        tenant_id: tenantId,
        kind: 'login_failure',
        subject: email,
        ip,
        created_at: now(),
      });
    },
    async loginSucceeded(tenantId, email) {
      await clearEvents(db, tenantId, 'login_failure', email);
    },
    async checkSend(tenantId, kind, userId) {
      const t = now();
      const since = new Date(t.getTime() - limits.sendWindowMs);
      const sent = await eventsSince(db, { kind, since, tenant_id: tenantId, subject: String(userId) });
      if (sent.newest && t.getTime() - sent.newest.getTime() < limits.sendGapMs) {
        throw tooMany(secondsUntil(sent.newest, limits.sendGapMs, t), 'emails');
      }
      if (sent.count >= limits.sendsPerWindow)
        throw tooMany(secondsUntil(sent.oldest, limits.sendWindowMs, t), 'emails');
    },
    async recordSend(tenantId, kind, userId, ip) {
      await recordEvent(db, { tenant_id: tenantId, kind, subject: String(userId), ip, created_at: now() });
    },
    async captchaPassed(tenantId, ip) {
      await recordEvent(db, {
        tenant_id: tenantId,
        kind: 'captcha_passed',
        subject: ip,
        ip,
        created_at: now(),
      });
    },
    takeCaptchaPass: (tenantId, ip) =>
      takeEvent(db, {
        tenant_id: tenantId,
        kind: 'captcha_passed',
        subject: ip,
        since: new Date(now().getTime() - limits.captchaPassMs),
      }),
  };
}
