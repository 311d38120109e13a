// The three roles of DESIGN (Roles) and where a session's role comes from: the user's role_id in the database
// (SPEC §6: 1 is admin), read with the session's token on every request, never from what the caller sends.
import { HttpError } from '../../errors.js';
import type { Role } from '../../../../contracts/roles.js';

export { roleOf, type Role } from '../../../../contracts/roles.js';

/** Refuses (403, the API's { message }) a caller whose role the route does not allow. */
export function allowRoles(roles: readonly Role[], caller: { role: Role }): void {
  if (!roles.includes(caller.role)) throw new HttpError(403, 'This is not available to your account.');
}
