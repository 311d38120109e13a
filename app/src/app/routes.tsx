/** The route table of SPEC §2, made from the pages of ./page-table. Every page is its own lazy chunk. */
import { Navigate, matchRoutes, type RouteObject } from 'react-router-dom';
import { FlagGuard, GuestOnly, HomeRedirect, RequireAuth, RoleGuard } from './guards';
import { lazyPage } from './lazy-page';
import {
  ADMIN_PAGES,
  COACH_PAGES,
  GUEST_PAGES,
  NOT_FOUND_PAGE,
  OPEN_PAGES,
  SIGNED_IN_PAGES,
  type PageEntry,
} from './page-table';
import type { User } from '@/lib/user';
import { reachableHandles, type RouteHandle, type TreeHandle } from './page-title';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { SessionShell, preloadShell } from './session-shell';

// Lazy as well: it needs React Query and hashids, which the login route must not carry.
const CrashScreen = lazyPage(() => import('./crash-screen'));

/**
 * A page's route: its title in `handle`, and its chunk to fetch ahead (at boot, and for a signed-in page
 * alongside the shell's, see ./session-shell); a flagged page behind its FlagGuard.
 */
function pageRoute(entry: PageEntry): RouteObject {
  const { page: Page, flag, children = [], opens } = entry;
  const handle: RouteHandle = { title: entry.title, preload: Page.preload };
  const route: RouteObject = {
    path: entry.path,
    handle,
    element: flag ? (
      <FlagGuard flag={flag}>
        <Page />
      </FlagGuard>
    ) : (
      <Page />
    ),
  };
  if (opens || children.length > 0)
    route.children = [
      ...(opens ? [{ index: true, element: <Navigate to={opens} replace /> }] : []),
      ...children.map(pageRoute),
    ];
  return route;
}

export function portalRoutes(options: { updateAvailable: boolean }): RouteObject[] {
  return [
    {
      element: <RootLayout updateAvailable={options.updateAvailable} />,
      errorElement: <RouteError />,
      children: [
        { element: <GuestOnly />, children: GUEST_PAGES.map(pageRoute) },
        ...OPEN_PAGES.map(pageRoute),
        {
          element: <SessionShell />,
          children: [
            {
              // A page that throws while rendering shows the crash screen inside the shell.
              errorElement: <CrashScreen />,
              children: [
                {
                  element: <RequireAuth />,
                  children: [
                    { index: true, element: <HomeRedirect /> },
                    {
                      element: <RoleGuard tree="client" />,
                      handle: { tree: 'client' } satisfies TreeHandle,
                      children: SIGNED_IN_PAGES.map(pageRoute),
                    },
                    {
                      element: <RoleGuard tree="coach" />,
                      handle: { tree: 'coach' } satisfies TreeHandle,
                      children: COACH_PAGES.map(pageRoute),
                    },
                    {
                      element: <RoleGuard tree="admin" />,
                      handle: { tree: 'admin' } satisfies TreeHandle,
                      children: ADMIN_PAGES.map(pageRoute),
                    },
                  ],
                },
                pageRoute(NOT_FOUND_PAGE),
              ],
            },
          ],
        },
      ],
    },
  ];
}

/**
 * At boot, while the theme and the published version are still being fetched: starts fetching the chunks of
 * the pages this URL shows (and for a signed-in user the shell's), which the router would otherwise ask for
 * only once it has rendered, a round trip (and a render) later. Settles when they are in, so that the app's
 * first render draws the pages themselves. Asking twice is free.
 */
export function preloadPage(pathname: string, user: User | null): Promise<unknown> {
  const matches = matchRoutes(portalRoutes({ updateAvailable: false }), pathname) ?? [];
  const handles = reachableHandles(
    matches.map((match) => match.route.handle),
    user,
  );
  return Promise.all([...(user ? [preloadShell()] : []), ...handles.map((handle) => handle.preload?.())]);
}
