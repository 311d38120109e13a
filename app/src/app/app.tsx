import { useMemo } from 'react';
import { Navigate, RouterProvider, createBrowserRouter } from 'react-router-dom';
import type { PortalConfig } from '../boot/config';
import type { Brand } from '../boot/theme';
import { PortalContext } from './portal-context';
import { paths } from './paths';
import { lazyPage } from './lazy-page';

const LoginPage = lazyPage(() => import('../features/auth/components/login-page'));

export interface AppProps {
  config: PortalConfig;
  brand: Brand;
  updateAvailable: boolean;
}

export function App({ config, brand }: AppProps) {
  const router = useMemo(
    () =>
      createBrowserRouter([
        { path: paths.login, element: <LoginPage /> },
        // Until a session exists every other route leads to the login page.
        { path: '*', element: <Navigate to={paths.login} replace /> },
      ]),
    [],
  );
  const portal = useMemo(() => ({ config, brand }), [config, brand]);
  return (
    <PortalContext.Provider value={portal}>
      <RouterProvider router={router} />
    </PortalContext.Provider>
  );
}
