import { Outlet } from 'react-router-dom';
import { useSession } from '@/lib/session';
import { lazyPage } from './lazy-page';

const ShellLayout = lazyPage(() => import('./shell/shell-layout'));

/** The shell (navbar, menu, footer) only when a user is signed in (SPEC §2); the bare page otherwise. */
export function SessionShell() {
  return useSession() ? <ShellLayout /> : <Outlet />;
}
