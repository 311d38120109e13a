/**
 * A click on a push notification (the service worker's notificationclick) tells an open window of the app to
 * show the notification's page: the app routes there in place, keeping its session and state, rather than the
 * worker reloading the window. Only a path of this site is followed.
 */
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';

/** The worker's message: templates/service-worker.js.mustache's OPEN_MESSAGE. */
const OPEN_MESSAGE = 'portal:open';

const sitePath = (value: unknown): value is string =>
  typeof value === 'string' && value.startsWith('/') && !value.startsWith('//');

export function usePushNavigation(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const container = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
    if (!container) return;
    const onMessage = (event: MessageEvent<{ type?: unknown; path?: unknown } | null>) => {
      if (event.data?.type === OPEN_MESSAGE && sitePath(event.data.path)) void navigate(event.data.path);
    };
    container.addEventListener('message', onMessage);
    return () => container.removeEventListener('message', onMessage);
  }, [navigate]);
}
