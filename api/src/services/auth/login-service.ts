// The login flow of SPEC §4 as the server enforces it: credentials first; then either a device the server
// trusts, a mailed OTP, or a mailed sign-in link (/fbslogin/{token}). A token is never issued for a password
// alone from an untrusted device.
import type { Kysely } from 'kysely';
import type { Database, Tenant } from '../../db/database.js';
import { HttpError } from '../../errors.js';
import { toProfile, toSessionUser } from '../users/user-payload.js';
import type { Profile, SessionUser } from '../users/user-payload.js';
import { findProfile } from '../users/user-repository.js';
import { loginLinkMail } from './auth-mails.js';
import { checkCredentials } from './credentials.js';
import { consumeOneTimeToken, insertLoginLink } from './one-time-token-repository.js';
import type { OtpService } from './otp-service.js';
import { mailToken } from './mailed-token.js';
import type { MailedTokenDeps } from './mailed-token.js';
import { newReference, sha256 } from './secrets.js';
import { createSessionService } from './session-service.js';
import type { SessionService } from './session-service.js';

export const linkTtlMs = 10 * 60_000;

export interface Credentials {
  email: string;
  password: string;
  device_token?: string | undefined;
  browser?: string | undefined;
  lookup?: string | undefined;
}

interface LoginStep {
  verified: boolean;
  user_id: number;
  challenge?: string;
}

export interface SignedIn {
  user: SessionUser;
  device: { token: string; expiresAt: Date };
}

export interface LoginService {
  loginOtp(tenant: Tenant, input: Credentials, ip: string): Promise<LoginStep>;
  loginLink(tenant: Tenant, input: Credentials, ip: string): Promise<LoginStep>;
  studentLogin(tenant: Tenant, input: Credentials, ip: string): Promise<SessionUser>;
  verifyOtp(
    tenant: Tenant,
    input: { user_id: number; challenge: string; otp: string; browser?: string | undefined },
  ): Promise<SignedIn>;
  exchangeLink(tenant: Tenant, input: { token: string; browser?: string | undefined }): Promise<SignedIn>;
  profile(tenantId: number, userId: number): Promise<Profile>;
}

interface Deps extends MailedTokenDeps {
  sessions: SessionService;
  otp: OtpService;
  /** Tenants whose login form asks for a CAPTCHA that this API can verify. */
  captchaTenants: ReadonlySet<number>;
}

const label = (input: { browser?: string | undefined; lookup?: string | undefined }) =>
  [input.browser, input.lookup].filter(Boolean).join(' / ') || null;

const invalidLink = () =>
  new HttpError(404, 'This sign-in link is invalid, used or expired. Please log in again.');

export function createLoginService(deps: Deps): LoginService {
  const { db, now, sessions, throttle } = deps;
  // Past the account's failure limit: a device this user trusts, or a CAPTCHA solved from this address when the
  // tenant's login asks for one, still gets its attempt (the limit must not lock the real user out).
  const mayPass = (tenant: Tenant, input: Credentials, ip: string) => async (userId: number | undefined) =>
    (userId !== undefined && (await sessions.isTrusted(tenant.id, userId, input.device_token))) ||
    (deps.captchaTenants.has(tenant.id) && (await throttle.takeCaptchaPass(tenant.id, ip)));
  const credentials = (tenant: Tenant, input: Credentials, ip: string) =>
    checkCredentials(
      db,
      throttle,
      { tenantId: tenant.id, email: input.email, password: input.password, ip },
      mayPass(tenant, input, ip),
    );

  async function profileIn(executor: Kysely<Database>, tenantId: number, userId: number): Promise<Profile> {
    const row = await findProfile(executor, tenantId, userId);
    if (!row) throw new HttpError(404, 'User not found.');
    return toProfile(row);
  }

  /** The session and trusted device, in the transaction that used up the code or link they were granted for. */
  async function signIn(
    trx: Kysely<Database>,
    tenant: Tenant,
    userId: number,
    browser: string | undefined,
  ): Promise<SignedIn> {
    const inTrx = createSessionService(trx, now);
    const token = await inTrx.issue(tenant.id, userId, label({ browser }));
    const device = await inTrx.trustDevice(tenant.id, userId, label({ browser }));
    return { user: toSessionUser(await profileIn(trx, tenant.id, userId), token), device };
  }

  const profile = (tenantId: number, userId: number) => profileIn(db, tenantId, userId);

  return {
    profile,
    async loginOtp(tenant, input, ip) {
      const userId = await credentials(tenant, input, ip);
      if (await sessions.isTrusted(tenant.id, userId, input.device_token))
        return { verified: true, user_id: userId };
      return { verified: false, user_id: userId, challenge: await deps.otp.start(tenant, userId, ip) };
    },
    async loginLink(tenant, input, ip) {
      const userId = await credentials(tenant, input, ip);
      if (await sessions.isTrusted(tenant.id, userId, input.device_token))
        return { verified: true, user_id: userId };
      const challenge = newReference();
      await mailToken(
        deps,
        { tenant, userId, ip },
        {
          kind: 'otp_sent', // a link replaces the code, so it shares the code's mail limits
          ttlMs: linkTtlMs,
          store: (row) => insertLoginLink(db, { ...row, public_id: challenge }),
          message: loginLinkMail,
        },
      );
      return { verified: false, user_id: userId, challenge };
    },
    async studentLogin(tenant, input, ip) {
      const userId = await credentials(tenant, input, ip);
      if (!(await sessions.isTrusted(tenant.id, userId, input.device_token))) {
        throw new HttpError(403, 'Enter the one-time password we emailed you to sign in on this device.');
      }
      return toSessionUser(
        await profile(tenant.id, userId),
        await sessions.issue(tenant.id, userId, label(input)),
      );
    },
    verifyOtp(tenant, input) {
      return deps.otp.verify(tenant, input.user_id, input.challenge, input.otp, (trx) =>
        signIn(trx, tenant, input.user_id, input.browser),
      );
    },
    exchangeLink(tenant, input) {
      return db.transaction().execute(async (trx) => {
        const userId = await consumeOneTimeToken(trx, 'login_links', {
          tenant_id: tenant.id,
          token_hash: sha256(input.token),
          at: now(),
        });
        if (userId === undefined) throw invalidLink();
        return signIn(trx, tenant, userId, input.browser);
      });
    },
  };
}
