import { useEffect } from 'react';
import { useMatches } from 'react-router-dom';
import { usePortal } from '@/lib/portal-context';
import { useSession } from '@/lib/session';
import { userRole, type Role, type User } from '@/lib/user';

/** What a route of the table in ./routes carries in its `handle`. */
export interface RouteHandle {
  /** The page's name in the browser tab and history, before the tenant's name. */
  title: string;
  /** Starts fetching the page's chunk; the shell calls it so the chunk loads alongside the shell's own. */
  preload?: () => Promise<unknown>;
}

/** The handle of a role's route tree (./routes): the pages under it are that role's. */
export interface TreeHandle {
  tree: Role;
}

const isTree = (handle: unknown): handle is TreeHandle =>
  typeof handle === 'object' && handle !== null && 'tree' in handle;

/**
 * The page handles of a URL's matched routes that `user` may open: none past another role's tree, so a client
 * who types a coach's address neither downloads the coach's chunk nor asks the coach's API (and the other way
 * round); the page says it is not available instead.
 */
export function reachableHandles(handles: readonly unknown[], user: User | null): RouteHandle[] {
  const reachable: RouteHandle[] = [];
  for (const handle of handles) {
    if (isTree(handle) && (!user || userRole(user) !== handle.tree)) return [];
    if (typeof handle === 'object' && handle !== null && 'title' in handle)
      reachable.push(handle as RouteHandle);
  }
  return reachable;
}

/**
 * The current page's name: the deepest matched route with a title; 'Not available' for another role's page
 * (./guards RoleGuard says so); undefined while no route names one (a redirect).
 */
export function usePageName(): string | undefined {
  const user = useSession()?.user ?? null;
  const handles = useMatches().map((match) => match.handle);
  const inTree = reachableHandles(handles, user);
  return handles.some(isTree) && inTree.length === 0
    ? 'Not available'
    : inTree.map((handle) => handle.title).findLast(Boolean);
}

/**
 * document.title follows the route: '{page} · {tenant name}' (e.g. 'Schedule · Acme Business Coaching'); the
 * tenant's name alone while no route names a page.
 */
export function usePageTitle(): void {
  const { config } = usePortal();
  const page = usePageName();
  useEffect(() => {
    document.title = page ? `${page} · ${config.name}` : config.name;
  }, [page, config.name]);
}
