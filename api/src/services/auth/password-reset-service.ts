// Password reset: the request always gets the same answer whether or not the account exists (and whether or
// not a mail was throttled), and the mail is sent after the answer so timing does not tell either. A reset
// token is 256-bit, stored hashed, valid 60 minutes and single use; using it is a password change
// (password-change.ts): every session, trusted device, other link and code of the user ends with it.
import type { Tenant } from '../../db/database.js';
import { FieldError } from '../../errors.js';
import { findCredentials } from '../users/user-repository.js';
import { resetMail } from './auth-mails.js';
import { normalizeEmail } from '../../../../contracts/email-address.js';
import { consumeOneTimeToken, insertPasswordReset } from './one-time-token-repository.js';
import { changePassword } from './password-change.js';
import { hashPassword } from './passwords.js';
import { mailToken } from './mailed-token.js';
import type { MailedTokenDeps } from './mailed-token.js';
import { sha256 } from './secrets.js';

const resetTtlMs = 60 * 60_000;

interface PasswordResetService {
  request(tenant: Tenant, email: string, ip: string): Promise<void>;
  reset(tenant: Tenant, token: string, password: string): Promise<void>;
}

interface Deps extends MailedTokenDeps {
  log: { error(obj: object, msg: string): void };
}

export function createPasswordResetService(deps: Deps): PasswordResetService {
  const { db, now } = deps;

  const send = (tenant: Tenant, userId: number, ip: string) =>
    mailToken(
      deps,
      { tenant, userId, ip },
      {
        kind: 'reset_sent',
        ttlMs: resetTtlMs,
        store: (row) => insertPasswordReset(db, row),
        message: resetMail,
      },
    );

  return {
    async request(tenant, email, ip) {
      const user = await findCredentials(db, tenant.id, normalizeEmail(email));
      // A deactivated person gets no link either: the same silent answer as an unknown address.
      if (!user || user.deactivated_at) return;
      // Not awaited on purpose (see the file comment); a throttled or failed send is only logged.
      send(tenant, user.id, ip).catch((error: Error) =>
        deps.log.error({ reason: error.message }, 'password reset mail not sent'),
      );
    },
    async reset(tenant, token, password) {
      // Hashed before the transaction, which then holds its locks for a few queries, not for argon2.
      const passwordHash = await hashPassword(password);
      await db.transaction().execute(async (trx) => {
        const at = now();
        const userId = await consumeOneTimeToken(trx, 'password_resets', {
          tenant_id: tenant.id,
          token_hash: sha256(token),
          at,
        });
        if (userId === undefined) {
          throw new FieldError({
            token: ['This password reset link is invalid or has expired. Request a new one.'],
          });
        }
        await changePassword(trx, { userId, passwordHash, at });
      });
    },
  };
}
