import type { TrainingFlags } from '@/lib/portal-config';
import { hasFlag, type User } from '@/lib/user';
import { paths } from '@/config/paths';

/** SPEC §2: / leads to /groups with group_coaching, otherwise to /schedule. */
export const homePath = (user: User, defaults: TrainingFlags): string =>
  hasFlag(user, 'group_coaching', defaults) ? paths.groups : paths.schedule;
