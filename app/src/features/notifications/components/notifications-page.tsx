/**
 * Each role's notifications: newest first, the unread marked, each a link to its thing that marks it
 * read as it is opened; "Mark all as read", and older ones a page at a time. The bell in the shell leads here.
 */
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { PageFrame } from '@/components/page-frame';
import { LoadMore } from '@/components/load-more';
import { QueryState } from '@/components/query-state';
import { displayZone, formatAgo } from '@/lib/dates';
import { useUser } from '@/lib/session';
import { userRole } from '@/lib/user';
import { useBadge } from '@/lib/badge';
import { useNotifications, type Notification } from '../api/get-notifications';
import { useMarkRead } from '../api/mark-read';
import { notificationsPaths } from '../role-paths';
import './notifications.css';

function NotificationItem({ item, zone, onOpen }: { item: Notification; zone: string; onOpen: () => void }) {
  const unread = item.read_at === null;
  return (
    <li className={unread ? 'notification unread' : 'notification'}>
      <Link to={item.link} className="notification-link" onClick={unread ? onOpen : undefined}>
        {/* Said before the title, so a screen reader hears which are new as it lists them. */}
        {unread && <span className="visually-hidden">Unread: </span>}
        <span className="notification-title">{item.title}</span>
        {item.body && <span className="notification-body muted">{item.body}</span>}
        <time className="notification-time muted" dateTime={item.created_at}>
          {formatAgo(item.created_at, zone)}
        </time>
      </Link>
    </li>
  );
}

export default function NotificationsPage() {
  const user = useUser();
  const zone = displayZone(user.time_zone);
  const notifications = useNotifications(user.id);
  const markRead = useMarkRead(user.id);
  const items = notifications.data?.pages.flatMap((page) => page.items) ?? [];
  // The shell's poll finds more unread than before while the page is open: what arrived is listed at once.
  const unread = useBadge(user.id).data?.notifications;
  const seen = useRef(unread);
  const { refetch } = notifications;
  useEffect(() => {
    const before = seen.current;
    seen.current = unread;
    if (unread !== undefined && before !== undefined && unread > before) void refetch();
  }, [unread, refetch]);
  const anyUnread = items.some((item) => item.read_at === null);

  return (
    <PageFrame title="Notifications" className="notifications-page">
      <div className="notifications-actions">
        <button
          type="button"
          className="btn btn-secondary"
          disabled={!anyUnread || markRead.isPending}
          onClick={() => markRead.mutate({ all: true })}
        >
          Mark all as read
        </button>
        <Link to={notificationsPaths(userRole(user)).settings}>Notification settings</Link>
      </div>
      <QueryState
        query={notifications}
        what="Your notifications"
        empty="You're all caught up."
        isEmpty={() => items.length === 0}
      >
        {() => (
          <>
            <ul className="notifications" aria-label="Notifications">
              {items.map((item) => (
                <NotificationItem
                  key={item.id}
                  item={item}
                  zone={zone}
                  onOpen={() => markRead.mutate({ ids: [item.id] })}
                />
              ))}
            </ul>
            <LoadMore query={notifications} className="notifications-more" />
          </>
        )}
      </QueryState>
    </PageFrame>
  );
}
