/** Route guards: who may see which route. The API enforces the same rules; these decide what to show. */
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useSession } from '@/lib/session';
import { hasFlag, userRole, type Flag, type Role } from '@/lib/user';
import { homePath } from './home-path';
import { NotAvailablePage } from './not-available-page';
import { NotInPlanPage } from './not-in-plan-page';
import { paths } from '@/config/paths';
import { usePortal } from '@/lib/portal-context';

interface FromState {
  from?: { pathname: string; search?: string; hash?: string };
}

/** Signed-out screens: a signed-in user goes on to where they were sent from, or home. */
export function GuestOnly() {
  const session = useSession();
  const location = useLocation();
  if (!session) return <Outlet />;
  const from = (location.state as FromState | null)?.from;
  const target = from ? `${from.pathname}${from.search ?? ''}${from.hash ?? ''}` : paths.home;
  return <Navigate to={target} replace />;
}

/** Every screen of the portal needs a signed-in user; the login page brings them back here afterwards. */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to={paths.login} state={{ from: location }} replace />;
  return <Outlet />;
}

export function HomeRedirect() {
  const session = useSession();
  const { config } = usePortal();
  if (!session) return <Navigate to={paths.login} replace />;
  return <Navigate to={homePath(session.user, config.defaultFlags)} replace />;
}

/**
 * The route tree of one role (DESIGN Roles): another role's user sees NotAvailablePage at its addresses. The
 * API refuses their calls by role all the same; this decides what to show.
 */
export function RoleGuard({ tree }: { tree: Role }) {
  const session = useSession();
  if (!session) return <Navigate to={paths.home} replace />;
  if (userRole(session.user) !== tree) return <NotAvailablePage />;
  return <Outlet />;
}

/**
 * A route reachable only with a training flag; without it, a page that says so (NotInPlanPage). The API
 * refuses the same calls with its own 403.
 */
export function FlagGuard({ flag, children }: { flag: Flag; children: ReactNode }) {
  const session = useSession();
  const { config } = usePortal();
  if (!session) return <Navigate to={paths.home} replace />;
  if (!hasFlag(session.user, flag, config.defaultFlags)) return <NotInPlanPage flag={flag} />;
  return children;
}
