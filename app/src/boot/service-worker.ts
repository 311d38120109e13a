/**
 * Registers /service-worker.js (SPEC §7), which the bake writes beside index.html: it keeps the app shell for
 * offline use. Only baked production pages register it (npm run dev has none), and only once the page has
 * loaded, so it never competes with the first render. A failed registration costs offline use only, and the
 * app runs the same without it, so it is not reported. The version check finds the registration itself when
 * a new release is live.
 */
const SERVICE_WORKER_URL = '/service-worker.js';

export function registerServiceWorker(environment: 'production' | 'development'): void {
  if (environment !== 'production' || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register(SERVICE_WORKER_URL).catch(() => undefined);
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
