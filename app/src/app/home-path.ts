import type { TrainingFlags } from '@/lib/portal-config';
import { hasFlag, userRole, type User } from '@/lib/user';
import { paths } from '@/config/paths';

/**
 * SPEC §2: / leads to /groups with group_coaching, otherwise to /schedule; a coach's home is Today, an admin's
 * People.
 */
export function homePath(user: User, defaults: TrainingFlags): string {
  const role = userRole(user);
  if (role === 'coach') return paths.coach;
  if (role === 'admin') return paths.admin;
  return hasFlag(user, 'group_coaching', defaults) ? paths.groups : paths.schedule;
}
