import { Link } from 'react-router-dom';
import { useBadge } from '@/lib/badge';
import { notificationsPaths } from '@/features/notifications/role-paths';
import { userRole, type User } from '@/lib/user';
import { Icon } from './icons';

/**
 * The navbar's bell: the role's notifications page, with the unread count. Its name says the count,
 * since the number drawn on the bell is hidden from screen readers (it would be read as "3" alone).
 */
export function NotificationsBell({ user }: { user: User }) {
  const unread = useBadge(user.id).data?.notifications ?? 0;
  const name = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    <Link
      to={notificationsPaths(userRole(user)).list}
      className="icon-button notifications-bell"
      aria-label={name}
      title={name}
    >
      <Icon name="bell" />
      {unread > 0 && (
        <span className="bell-count" aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}
