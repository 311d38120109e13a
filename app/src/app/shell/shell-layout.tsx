/**
 * The page shell (SPEC §2), shown only to a signed-in user: navbar, coloured top bar, side menu, footer.
 * On a phone-sized screen the side menu is a drawer over the page; on larger screens the toggle collapses it
 * to icons. Loaded lazily: the login route never downloads it, nor React Query, whose provider lives here
 * because only signed-in pages read cached data.
 */
import './shell.css';
import './navbar.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { VersionFooter } from '@/components/version-footer';
import { logout } from '@/features/auth/api/logout';
import { withLoading } from '@/lib/loading';
import { queryClient } from '@/lib/query-client';
import { useSession, useUser } from '@/lib/session';
import { displayName, userRole } from '@/lib/user';
import { homePath } from '../home-path';
import { IdleLogout } from '../idle-logout';
import { usePageName } from '../page-title';
import { paths } from '@/config/paths';
import { usePortal } from '@/lib/portal-context';
import { Icon } from './icons';
import { NotificationsBell } from './notifications-bell';
import { SideMenu } from './side-menu';
import { useFreshUser } from './use-fresh-user';
import { useMediaQuery } from './use-media-query';
import { UserMenu } from './user-menu';

const COLLAPSED_KEY = 'portal.menu-collapsed';

export default function ShellLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Shell />
    </QueryClientProvider>
  );
}

function Shell() {
  const { config, brand } = usePortal();
  const user = useUser();
  const token = useSession()?.token;
  useFreshUser(user);
  const client = userRole(user) === 'client';
  const pageName = usePageName();
  const { pathname } = useLocation();
  const menuId = useId();
  const mobile = useMediaQuery('(max-width: 768px)');
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(COLLAPSED_KEY) === '1');
  // The drawer is open for the page it was opened on: navigating closes it without an effect. Escape too.
  const [drawerAt, setDrawerAt] = useState<string | null>(null);
  const drawerOpen = mobile && drawerAt === pathname;
  const setDrawerOpen = (open: boolean) => setDrawerAt(open ? pathname : null);
  useEffect(() => {
    if (!drawerOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setDrawerAt(null);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [drawerOpen]);

  const menuShown = mobile ? drawerOpen : !collapsed;
  const toggle = () => {
    if (mobile) return setDrawerOpen(!drawerOpen);
    localStorage.setItem(COLLAPSED_KEY, collapsed ? '0' : '1');
    setCollapsed(!collapsed);
  };

  const signOut = () => {
    // SPEC §4: after the logout call, storage is cleared and the page reloads, so nothing of the session
    // survives in memory (module state, caches, pending timers).
    void withLoading(() => logout('user'), 'Signing out...').then(() => window.location.replace(paths.login));
  };

  const state = mobile
    ? drawerOpen
      ? 'drawer-open'
      : 'drawer-closed'
    : collapsed
      ? 'collapsed'
      : 'expanded';
  return (
    <div className="shell" data-menu={state}>
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <header className="navbar">
        <Link to={paths.home} className="navbar-brand">
          {brand.logo ? <img src={brand.logo} alt={config.name} /> : <span>{config.name}</span>}
        </Link>
        <div className="navbar-actions">
          <Link
            to={client ? paths.groups : homePath(user, config.defaultFlags)}
            className="icon-button"
            aria-label="Home"
            title="Home"
          >
            <Icon name="home" />
          </Link>
          {/* Help is the client's way to their coach (tickets, referrals, testimonials). */}
          {client && (
            <Link to={paths.help} className="icon-button" aria-label="Help" title="Help">
              <Icon name="help" />
            </Link>
          )}
          <NotificationsBell user={user} />
          <UserMenu user={user} onLogout={signOut} />
        </div>
      </header>
      <div className="topbar">
        <button
          type="button"
          className="icon-button topbar-toggle"
          aria-controls={menuId}
          aria-expanded={menuShown}
          aria-label={menuShown ? 'Collapse menu' : 'Expand menu'}
          onClick={toggle}
        >
          <Icon name="menu" />
        </button>
        {/* SPEC §2: the client's bar names them (company or name); a coach or admin works across clients, and
            their own name is in the user menu already, so their bar names the page they are on. */}
        <span className="topbar-name">{client ? displayName(user) : pageName}</span>
      </div>
      <div className="shell-body">
        <SideMenu id={menuId} user={user} onNavigate={() => setDrawerOpen(false)} />
        {mobile && drawerOpen && (
          <button
            type="button"
            className="drawer-backdrop"
            aria-label="Close menu"
            tabIndex={-1}
            onClick={() => setDrawerOpen(false)}
          />
        )}
        <main id="main-content" className="shell-main" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
      <VersionFooter />
      {/* Keyed by the token: a new session starts a new hour. */}
      <IdleLogout key={token} />
    </div>
  );
}
