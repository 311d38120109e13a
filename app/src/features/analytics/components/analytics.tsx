/**
 * The tenant's web-analytics container. Loaded lazily, and only when the tenant set a container id, so none of
 * this is in the login route's code otherwise. With consent 'required' (the default) the container loads only
 * after the user accepts in the banner, and the answer is remembered; with 'implied' it loads at once. Never on
 * a token route: the container reads the page's address, and there it holds a secret.
 */
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { carriesToken } from '@/config/paths';
import { storeConsent, storedConsent, type Consent } from '../consent';
import { loadContainer } from '../load-container';
import { ConsentBanner } from './consent-banner';

export default function Analytics({
  containerId,
  consentMode,
}: {
  containerId: string;
  consentMode: 'required' | 'implied';
}) {
  const { pathname } = useLocation();
  const [consent, setConsent] = useState<Consent | null>(() =>
    consentMode === 'implied' ? 'granted' : storedConsent(),
  );
  const onTokenRoute = carriesToken(pathname);

  useEffect(() => {
    if (consent === 'granted' && !onTokenRoute) loadContainer(containerId);
  }, [consent, onTokenRoute, containerId]);

  if (consent !== null || onTokenRoute) return null;
  return (
    <ConsentBanner
      onAnswer={(answer) => {
        storeConsent(answer);
        setConsent(answer);
      }}
    />
  );
}
