import { useEffect } from 'react';
import { useMatches } from 'react-router-dom';
import { usePortal } from '@/lib/portal-context';

/** What a route of the table in ./routes carries in its `handle`. */
export interface RouteHandle {
  /** The page's name in the browser tab and history, before the tenant's name. */
  title: string;
  /** Starts fetching the page's chunk; the shell calls it so the chunk loads alongside the shell's own. */
  preload?: () => Promise<unknown>;
}

/**
 * document.title follows the route: '{page} · {tenant name}' (e.g. 'Schedule · Acme Business Coaching'), the
 * deepest route with a title naming the page; the tenant's name alone while none does (a redirect).
 */
export function usePageTitle(): void {
  const { config } = usePortal();
  const page = useMatches()
    .map((match) => (match.handle as RouteHandle | undefined)?.title)
    .findLast(Boolean);
  useEffect(() => {
    document.title = page ? `${page} · ${config.name}` : config.name;
  }, [page, config.name]);
}
