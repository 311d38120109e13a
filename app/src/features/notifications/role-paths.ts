import { paths } from '@/config/paths';
import type { Role } from '@/lib/user';

/** Each role's notification pages live in its own route tree (app/page-table.ts). */
export function notificationsPaths(role: Role): { list: string; settings: string } {
  if (role === 'coach') return { list: paths.coachNotifications, settings: paths.coachNotificationSettings };
  if (role === 'admin') return { list: paths.adminNotifications, settings: paths.adminNotificationSettings };
  return { list: paths.notifications, settings: paths.notificationSettings };
}
