import { useEffect } from 'react';
import { Outlet, useMatches } from 'react-router-dom';
import { useSession } from '@/lib/session';
import { lazyPage } from './lazy-page';
import { reachableHandles } from './page-title';

const ShellLayout = lazyPage(() => import('./shell/shell-layout'));

/** Starts fetching the shell's chunk before anything renders (see ./routes preloadPage). */
export const preloadShell = (): Promise<unknown> => ShellLayout.preload();

/**
 * The shell (navbar, menu, footer) only when a user is signed in (SPEC §2); the bare page otherwise. The page's
 * own chunk is fetched at the same time as the shell's: rendered only inside the loaded shell, it would
 * otherwise start loading a round trip later, and its data another one after that.
 */
export function SessionShell() {
  const user = useSession()?.user ?? null;
  const signedIn = user !== null;
  const matches = useMatches();
  useEffect(() => {
    if (!user) return;
    const handles = matches.map((match) => match.handle);
    for (const handle of reachableHandles(handles, user)) void handle.preload?.();
  }, [user, matches]);
  return signedIn ? <ShellLayout /> : <Outlet />;
}
