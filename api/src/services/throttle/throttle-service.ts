// Login throttling and mail-send limits. State is in the auth_events table, not in process memory, so limits hold
// across API instances and follow the injected clock.
// Login limits: 5 failed logins per account per 15 minutes, 20 per IP per 15 minutes; unknown emails are
// throttled exactly like real ones. The OTP and reset mails' limits are in the LIMITS table (services/limits).
// Counting and recording are one step, so parallel requests, on one API instance or several, cannot all pass a
// count taken before any of them is recorded: a login attempt is recorded as a failure before its password is
// checked (a success clears it), and a mail takes its slot under a lock on the account before it is sent.
// Login failures keep that shape of their own (record, then count with a way past the account limit, and a
// second count per IP across tenants) rather than `reserve`'s lock: it already holds for a parallel burst.
// Past the account limit the account is not locked for everyone (OWASP: a lockout lets anyone who knows an
// address keep its owner out): the caller's `mayPass` decides (a device the user trusts, a solved CAPTCHA).
// The per-IP limit has no way past it.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { tooMany } from '../../errors.js';
import { reserve, secondsUntil } from '../limits/limits.js';
import { clearEvents, deleteEvent, eventsSince, recordEvent, takeEvent } from './auth-event-repository.js';
import type { EventWindow } from './auth-event-repository.js';

const limits = {
  loginWindowMs: 15 * 60_000,
  loginFailuresPerAccount: 5,
  loginFailuresPerIp: 20,
  /** A solved CAPTCHA allows one login attempt past the account limit within this time (a reCAPTCHA answer's life). */
  captchaPassMs: 2 * 60_000,
};

export type SendKind = 'otp_sent' | 'reset_sent';

export interface ThrottleService {
  /**
   * Records the attempt as a failure, counted with those before it; throws 429 (recording nothing) when the IP
   * is over its limit, or the account is over its limit and `mayPass` says no. A success clears it.
   */
  attemptLogin(tenantId: number, email: string, ip: string, mayPass: () => Promise<boolean>): Promise<void>;
  loginSucceeded(tenantId: number, email: string): Promise<void>;
  /**
   * Takes one of the user's mail slots of this kind, or throws 429 when none is free, then runs `send`; a
   * `send` that throws gives the slot back.
   */
  sendWithin<T>(
    tenantId: number,
    kind: SendKind,
    userId: number,
    ip: string,
    send: () => Promise<T>,
  ): Promise<T>;
  captchaPassed(tenantId: number, ip: string): Promise<void>;
  /** Uses up a CAPTCHA solved from this IP in the last two minutes; false when there is none. */
  takeCaptchaPass(tenantId: number, ip: string): Promise<boolean>;
}

export function createThrottleService(db: Kysely<Database>, now: () => Date): ThrottleService {
  return {
    async attemptLogin(tenantId, email, ip, mayPass) {
      const t = now();
      const id = await recordEvent(db, {
        tenant_id: tenantId,
        kind: 'login_failure',
        subject: email,
        ip,
        created_at: t,
      });
      const since = new Date(t.getTime() - limits.loginWindowMs);
      const refuse = async (window: EventWindow) => {
        await deleteEvent(db, id);
        return tooMany(secondsUntil(window.oldest, limits.loginWindowMs, t), 'login attempts');
      };
      // Both counts include this attempt.
      const byIp = await eventsSince(db, { kind: 'login_failure', since, ip });
      if (byIp.count > limits.loginFailuresPerIp) throw await refuse(byIp);
      const account = await eventsSince(db, {
        kind: 'login_failure',
        since,
        tenant_id: tenantId,
        subject: email,
      });
      if (account.count > limits.loginFailuresPerAccount && !(await mayPass())) throw await refuse(account);
    },
    async loginSucceeded(tenantId, email) {
      await clearEvents(db, tenantId, 'login_failure', email);
    },
    async sendWithin(tenantId, kind, userId, ip, send) {
      const t = now();
      const limit = kind === 'otp_sent' ? 'sign-in mails' : 'reset mails';
      const slot = await reserve(db, limit, { tenantId, userId }, t, (trx) =>
        recordEvent(trx, { tenant_id: tenantId, kind, subject: String(userId), ip, created_at: t }),
      );
      try {
        return await send();
      } catch (error) {
        await deleteEvent(db, slot);
        throw error;
      }
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
