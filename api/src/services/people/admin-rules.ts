// The rules that keep a tenant in its admins' hands, whichever door a change comes through. An API key acts
// for the tenant but is no admin: it may not grant, change or remove the admin role (a leaked key would
// otherwise make its holder an admin, or demote every admin). And a tenant keeps an active admin: the
// database refuses, at commit, a change that would leave none (migration 1830), which is the only
// check that holds when two admins remove each other at the same moment; here it becomes a sentence.
import { FieldError, HttpError } from '../../errors.js';
import type { ChangeActor } from './audit-repository.js';

const adminRole = 1;

/** Refuses a key's change to who is an admin: `roleId` the role asked for, `currentRoleId` the person's now. */
export function checkKeyRole(actor: ChangeActor, roleId: number | undefined, currentRoleId?: number): void {
  if (!('keyId' in actor) || roleId === undefined || roleId === currentRoleId) return;
  if (roleId === adminRole || currentRoleId === adminRole)
    throw new FieldError({
      role_id: [
        'An API key cannot make anyone an admin or change an admin’s role: an admin does that under People.',
      ],
    });
}

const lastAdminMessage =
  'This portal needs an active admin: make someone else an admin first, then try again.';

/** Whether the database refused a change for leaving the tenant without an active admin. */
function leavesNoAdmin(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string } | undefined;
  return e?.code === '23514' && e.constraint === 'tenant_keeps_an_active_admin';
}

/**
 * For a change's `.catch`: the database's refusal to leave no active admin becomes a sentence, on the role field
 * for a change of role, else a 409; any other error goes on as it was.
 */
export const refuseLeavingNoAdmin =
  (as: 'role' | 'status') =>
  (error: unknown): never => {
    if (!leavesNoAdmin(error)) throw error;
    throw as === 'role'
      ? new FieldError({ role_id: [lastAdminMessage] })
      : new HttpError(409, lastAdminMessage);
  };
