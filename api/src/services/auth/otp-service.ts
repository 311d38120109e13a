// One-time passwords: 6 digits from the CSPRNG, stored as SHA-256 of the challenge reference and the code,
// valid 5 minutes, single use, bound to one user and one challenge, replaced by a resend, dead after 5 wrong
// tries. The code exists in plain form only in memory and in the mail.
import type { Kysely } from 'kysely';
import type { Database, Tenant } from '../../db/database.js';
import { FieldError, HttpError } from '../../errors.js';
import type { Mailer } from '../mail/mailer.js';
import type { ThrottleService } from '../throttle/throttle-service.js';
import { findUserEmail } from '../users/user-repository.js';
import { otpMail } from './auth-mails.js';
import {
  consumeChallenge,
  reserveTry,
  findChallenge,
  insertChallenge,
  replaceCode,
} from './otp-repository.js';
import { newOtpCode, newReference, sameHash, sha256 } from './secrets.js';

export const otpLimits = { ttlMs: 5 * 60_000, maxTries: 5 };

export interface OtpService {
  /** Creates a challenge, mails its code and returns the opaque challenge reference. */
  start(tenant: Tenant, userId: number, ip: string): Promise<string>;
  resend(tenant: Tenant, userId: number, challenge: string, ip: string): Promise<void>;
  /**
   * Throws unless the code is right; then consumes the challenge and runs `then` in one transaction, so the
   * code stays usable when `then` fails (the try it cost is counted either way).
   */
  verify<T>(
    tenant: Tenant,
    userId: number,
    challenge: string,
    code: string,
    then: (trx: Kysely<Database>) => Promise<T>,
  ): Promise<T>;
}

interface Deps {
  db: Kysely<Database>;
  now: () => Date;
  mailer: Mailer;
  throttle: ThrottleService;
}

const codeHash = (challenge: string, code: string) => sha256(`${challenge}:${code}`);
const expired = () =>
  new FieldError({ otp: ['This code has expired or was already used. Request a new code.'] });
const tooManyTries = () => new FieldError({ otp: ['Too many incorrect codes. Request a new code.'] });
const notFound = () => new HttpError(404, 'No such one-time password challenge for this account.');

export function createOtpService({ db, now, mailer, throttle }: Deps): OtpService {
  function newCode(challenge: string) {
    const code = newOtpCode();
    const at = now();
    const fresh = {
      code_hash: codeHash(challenge, code),
      created_at: at,
      expires_at: new Date(at.getTime() + otpLimits.ttlMs),
    };
    return { code, fresh };
  }

  async function recipient(tenant: Tenant, userId: number) {
    const user = await findUserEmail(db, tenant.id, userId);
    if (!user) throw notFound();
    return user.email;
  }

  type Fresh = ReturnType<typeof newCode>['fresh'];

  /** Stores a new code for the challenge (`store`) and mails it, under one of the user's OTP mail slots. */
  async function deliver(
    tenant: Tenant,
    user: { id: number; ip: string },
    challenge: string,
    store: (fresh: Fresh) => Promise<unknown>,
  ) {
    const email = await recipient(tenant, user.id);
    await throttle.sendWithin(tenant.id, 'otp_sent', user.id, user.ip, async () => {
      const { code, fresh } = newCode(challenge);
      await store(fresh);
      await mailer.send(otpMail(tenant, email, code, otpLimits.ttlMs / 60_000));
    });
  }

  return {
    async start(tenant, userId, ip) {
      const challenge = newReference();
      await deliver(tenant, { id: userId, ip }, challenge, (fresh) =>
        insertChallenge(db, { public_id: challenge, tenant_id: tenant.id, user_id: userId, ...fresh }),
      );
      return challenge;
    },
    async resend(tenant, userId, challenge, ip) {
      const row = await findChallenge(db, { tenant_id: tenant.id, user_id: userId, public_id: challenge });
      if (!row || row.consumed_at) throw notFound();
      await deliver(tenant, { id: userId, ip }, challenge, (fresh) =>
        replaceCode(db, { id: row.id, public_id: challenge, user_id: userId }, fresh),
      );
    },
    async verify(tenant, userId, challenge, code, then) {
      const row = await findChallenge(db, { tenant_id: tenant.id, user_id: userId, public_id: challenge });
      if (!row) throw notFound();
      const at = now();
      if (row.consumed_at || at >= row.expires_at) throw expired();
      const tries = await reserveTry(db, { id: row.id, at, maxTries: otpLimits.maxTries });
      if (tries === undefined) throw tooManyTries();
      if (!sameHash(codeHash(challenge, code), row.code_hash)) {
        const left = otpLimits.maxTries - tries;
        if (left === 0) throw tooManyTries();
        throw new FieldError({ otp: [`The code is incorrect. ${left} attempts left.`] });
      }
      return db.transaction().execute(async (trx) => {
        if (!(await consumeChallenge(trx, { id: row.id, at }))) throw expired();
        return then(trx);
      });
    },
  };
}
