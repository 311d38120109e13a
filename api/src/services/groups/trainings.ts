// The training flags (SPEC §6) as the server enforces them: the user's own flag, or the tenant's default when
// the user's is unset, read fresh on every request so a flag turned off takes effect at once: a session's
// caller carries them from the request's first statement, and any other actor reads them here.
import type { Kysely } from 'kysely';
import { flagTitle, type FlagName } from '../../../../contracts/training-flags.js';
import type { Database } from '../../db/database.js';
import { HttpError } from '../../errors.js';
import type { Actor } from '../access/scope.js';
import { findProfile } from '../users/user-repository.js';
import { toProfile } from '../users/user-payload.js';

/** The caller's training flags: the session's, else read (an API key acting for a client has none). */
export async function trainingsOf(db: Kysely<Database>, owner: Actor) {
  if (owner.trainings) return owner.trainings;
  const row = await findProfile(db, owner.tenantId, owner.userId);
  return row && toProfile(row).trainings;
}

/** Throws 403 unless the caller has the training; nothing is read or changed before this check. */
export async function requireTraining(db: Kysely<Database>, owner: Actor, training: FlagName): Promise<void> {
  const trainings = await trainingsOf(db, owner);
  if (!trainings?.[training]) throw new HttpError(403, `${flagTitle(training)} is not part of your plan.`);
}
