// Every password change goes through here, in the caller's transaction: the new hash, and the end of everything
// handed out under the old password: sessions, trusted devices, and every mailed reset link, sign-in link and
// one-time password (an older reset link must not set the password again after a newer one was used).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { setPasswordHash } from '../users/user-repository.js';
import { retireOneTimeTokens } from './one-time-token-repository.js';
import { retireChallenges } from './otp-repository.js';
import { revokeAllForUser } from './session-repository.js';

export async function changePassword(
  trx: Kysely<Database>,
  change: { userId: number; passwordHash: string; at: Date },
): Promise<void> {
  const { userId, passwordHash, at } = change;
  await setPasswordHash(trx, userId, passwordHash, at);
  await revokeAllForUser(trx, userId, at);
  await retireOneTimeTokens(trx, userId, at);
  await retireChallenges(trx, { userId, at });
}
