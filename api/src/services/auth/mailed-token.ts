// A link token sent by mail (password reset, sign-in link): at most one mail a minute and five an hour per
// account, 256-bit random, stored hashed, valid for a few minutes.
import type { Kysely } from 'kysely';
import type { Database, Tenant } from '../../db/database.js';
import { HttpError } from '../../errors.js';
import type { MailDraft } from '../mail/mail-draft.js';
import type { Mailer } from '../mail/mailer.js';
import type { SendKind, ThrottleService } from '../throttle/throttle-service.js';
import { findUserEmail } from '../users/user-repository.js';
import type { OneTimeRow } from './one-time-token-repository.js';
import { newToken, sha256 } from './secrets.js';

export interface MailedTokenDeps {
  db: Kysely<Database>;
  now: () => Date;
  mailer: Mailer;
  throttle: ThrottleService;
}

interface MailedToken {
  kind: SendKind;
  ttlMs: number;
  store(row: OneTimeRow): Promise<void>;
  message(tenant: Tenant, to: string, token: string, minutes: number): MailDraft;
}

export async function mailToken(
  deps: MailedTokenDeps,
  request: { tenant: Tenant; userId: number; ip: string },
  spec: MailedToken,
): Promise<void> {
  const { tenant, userId, ip } = request;
  const user = await findUserEmail(deps.db, tenant.id, userId);
  if (!user) throw new HttpError(404, 'User not found.');
  await deps.throttle.sendWithin(tenant.id, spec.kind, userId, ip, async () => {
    const token = newToken();
    const at = deps.now();
    await spec.store({
      tenant_id: tenant.id,
      user_id: userId,
      token_hash: sha256(token),
      created_at: at,
      expires_at: new Date(at.getTime() + spec.ttlMs),
    });
    await deps.mailer.send(spec.message(tenant, user.email, token, spec.ttlMs / 60_000));
  });
}
