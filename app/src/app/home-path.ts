import type { TrainingFlags } from '@/lib/portal-config';
import { hasFlag, userRole, type User } from '@/lib/user';
import { paths } from '@/config/paths';

/** SPEC §2: / leads to /groups with group_coaching, otherwise to /schedule; a coach's home is Today. */
export const homePath = (user: User, defaults: TrainingFlags): string =>
  userRole(user) === 'coach'
    ? paths.coach
    : hasFlag(user, 'group_coaching', defaults)
      ? paths.groups
      : paths.schedule;
