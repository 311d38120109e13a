import { useMemo } from 'react';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import type { PortalConfig } from '@/boot/config';
import type { Brand } from '@/boot/theme';
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
