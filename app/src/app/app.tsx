import { useMemo } from 'react';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import type { Brand, PortalConfig } from '@/lib/portal-config';
import { PortalContext } from '@/lib/portal-context';
import { portalRoutes } from './routes';

interface AppProps {
  config: PortalConfig;
  brand: Brand;
  updateAvailable: boolean;
}

export function App({ config, brand, updateAvailable }: AppProps) {
  const router = useMemo(() => createBrowserRouter(portalRoutes({ updateAvailable })), [updateAvailable]);
  const portal = useMemo(() => ({ config, brand }), [config, brand]);
  return (
    <PortalContext.Provider value={portal}>
      <RouterProvider router={router} />
    </PortalContext.Provider>
  );
}
