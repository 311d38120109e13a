// The password check every login flow starts with. Unknown emails cost a dummy argon2 verify and are
// throttled under their own email, so status, body and timing are the same as for a wrong password.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { FieldError, HttpError } from '../../errors.js';
import type { ThrottleService } from '../throttle/throttle-service.js';
import { findCredentials } from '../users/user-repository.js';
import { checkPassword } from './passwords.js';

import { normalizeEmail } from '../../../../contracts/email-address.js';

export const deactivatedMessage =
  'This account has been deactivated. Ask your coaching team to reactivate it if you need it again.';

const badCredentials = () => new FieldError({ email: ['These credentials do not match our records.'] });

/** `mayPass` decides whether an attempt past the account's failure limit is let through (see throttle-service). */
export async function checkCredentials(
  db: Kysely<Database>,
  throttle: ThrottleService,
  login: { tenantId: number; email: string; password: string; ip: string },
  mayPass: (userId: number | undefined) => Promise<boolean>,
): Promise<number> {
  const email = normalizeEmail(login.email);
  const user = await findCredentials(db, login.tenantId, email);
  // The attempt counts as a failure from here on, unless the password is right.
  await throttle.attemptLogin(login.tenantId, email, login.ip, () => mayPass(user?.id));
  if (!(await checkPassword(user?.password_hash, login.password)) || !user) throw badCredentials();
  await throttle.loginSucceeded(login.tenantId, email);
  // Said only to whoever knows the password: a deactivated person learns why, nobody else learns who is.
  if (user.deactivated_at) throw new HttpError(403, deactivatedMessage);
  return user.id;
}
