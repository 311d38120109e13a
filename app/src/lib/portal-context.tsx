import { createContext, useContext } from 'react';
import type { Brand, PortalConfig } from './portal-config';

/** The baked config and the chosen brand, fixed for the life of the page. */
interface Portal {
  config: PortalConfig;
  brand: Brand;
}

export const PortalContext = createContext<Portal | null>(null);

export function usePortal(): Portal {
  const portal = useContext(PortalContext);
  if (!portal) throw new Error('usePortal() needs <PortalContext.Provider>');
  return portal;
}
