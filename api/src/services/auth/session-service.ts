// Access tokens and trusted devices. A session dies after 1 hour without use (419, SPEC §9's idle limit,
// enforced here and not only by the app) and 12 hours after login whatever happens (401). last_used_at is
// written at most once a minute so an authenticated read stays a single SELECT; the idle limit is therefore
// exact to within that minute.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { HttpError } from '../../errors.js';
import { fillFlags } from '../../../../contracts/training-flags.js';
import { roleOf } from '../access/roles.js';
import { deactivatedMessage } from './credentials.js';
import type { Actor } from '../access/scope.js';
import { newToken, sha256 } from './secrets.js';
import {
  findAccessToken,
  insertAccessToken,
  insertTrustedDevice,
  isTrustedDevice,
  revokeAccessToken,
  touchAccessToken,
} from './session-repository.js';

const sessionLimits = {
  idleMs: 60 * 60_000,
  absoluteMs: 12 * 60 * 60_000,
  touchEveryMs: 60_000,
  deviceMs: 30 * 24 * 60 * 60_000,
};

/** The session's actor. */
export interface Caller extends Actor {
  tokenId: number;
  /**
   * The user's row version (its updated_at): answered in X-User-Version, so the portal sees that an admin changed
   * the signed-in user (company, zone, role, flags) and refreshes its copy without a new sign-in.
   */
  userVersion: string;
}

export interface SessionService {
  issue(tenantId: number, userId: number, label: string | null): Promise<string>;
  authenticate(token: string | undefined, tenantId: number): Promise<Caller>;
  revoke(caller: Caller): Promise<void>;
  trustDevice(
    tenantId: number,
    userId: number,
    label: string | null,
  ): Promise<{ token: string; expiresAt: Date }>;
  isTrusted(tenantId: number, userId: number, deviceToken: string | undefined): Promise<boolean>;
}

const unauthenticated = () => new HttpError(401, 'Unauthenticated.');

export function createSessionService(db: Kysely<Database>, now: () => Date): SessionService {
  const later = (ms: number) => new Date(now().getTime() + ms);
  return {
    async issue(tenantId, userId, label) {
      const token = newToken();
      await insertAccessToken(db, {
        tenant_id: tenantId,
        user_id: userId,
        token_hash: sha256(token),
        client_label: label,
        at: now(),
        expires_at: later(sessionLimits.absoluteMs),
      });
      return token;
    },
    async authenticate(token, tenantId) {
      if (!token) throw unauthenticated();
      const row = await findAccessToken(db, sha256(token));
      if (!row) throw unauthenticated();
      // A session ended by a deactivation says so, with what to do, rather than look like an expired one.
      if (row.revoked_at)
        throw row.deactivated_at
          ? new HttpError(401, deactivatedMessage, undefined, 'deactivated')
          : unauthenticated();
      const t = now();
      if (t >= row.expires_at) throw new HttpError(401, 'Your session has ended. Please log in again.');
      if (t.getTime() - row.last_used_at.getTime() >= sessionLimits.idleMs)
        throw new HttpError(419, 'Session Expired');
      // The token is valid, but for another tenant's portal: refuse rather than act across tenants.
      if (row.tenant_id !== tenantId) throw new HttpError(403, 'This session belongs to another portal.');
      if (t.getTime() - row.last_used_at.getTime() >= sessionLimits.touchEveryMs)
        await touchAccessToken(db, row.id, t);
      // The role, zone and flags are the user's as the database has them now, so a change an admin makes
      // applies from the next request.
      return {
        tokenId: row.id,
        userId: row.user_id,
        tenantId: row.tenant_id,
        role: roleOf(row.role_id),
        userVersion: row.updated_at.toISOString(),
        timeZone: row.time_zone,
        trainings: fillFlags(row.flags, row.default_flags),
      };
    },
    revoke: (caller) => revokeAccessToken(db, caller.tokenId, now()),
    async trustDevice(tenantId, userId, label) {
      const token = newToken();
      const expiresAt = later(sessionLimits.deviceMs);
      await insertTrustedDevice(db, {
        tenant_id: tenantId,
        user_id: userId,
        token_hash: sha256(token),
        client_label: label,
        created_at: now(),
        expires_at: expiresAt,
      });
      return { token, expiresAt };
    },
    async isTrusted(tenantId, userId, deviceToken) {
      if (!deviceToken) return false;
      return isTrustedDevice(db, {
        tenant_id: tenantId,
        user_id: userId,
        token_hash: sha256(deviceToken),
        at: now(),
      });
    },
  };
}
