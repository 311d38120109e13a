import { Link, useLocation } from 'react-router-dom';
import { useBadge } from '@/lib/badge';
import { fullName, type User } from '@/lib/user';
import { usePortal } from '@/lib/portal-context';
import { Icon } from './icons';
import { isActiveItem, visibleMenuItems } from './menu-items';
import { UserAvatar } from '@/components/user-avatar';

/** The left menu: the user's picture, then the items their flags allow, the current one highlighted. */
export function SideMenu({ id, user, onNavigate }: { id: string; user: User; onNavigate: () => void }) {
  const { config } = usePortal();
  const { pathname } = useLocation();
  const items = visibleMenuItems(user, config.defaultFlags);
  // The shell's one poll (the bell's too, ./notifications-bell): the same query, so one request for both.
  const unread = useBadge(user.id).data?.messages ?? 0;

  return (
    <nav id={id} className="side-menu" aria-label="Main menu">
      <div className="side-menu-user">
        <UserAvatar user={user} />
        <span className="menu-label">{fullName(user)}</span>
      </div>
      <ul>
        {items.map((item) => {
          const active = isActiveItem(item, pathname);
          const badge = item.unreadBadge && unread > 0 ? unread : null;
          return (
            <li key={item.to}>
              <Link
                to={item.to}
                className={active ? 'menu-item active' : 'menu-item'}
                aria-current={active ? 'page' : undefined}
                title={item.label}
                onClick={onNavigate}
              >
                <Icon name={item.icon} />
                <span className="menu-label">{item.label}</span>
                {badge !== null && (
                  <span className="badge">
                    {badge > 99 ? '99+' : badge}
                    <span className="visually-hidden"> unread</span>
                  </span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
