/**
 * Registers /service-worker.js (SPEC §7), which the bake writes beside index.html: it keeps the app shell for
 * offline use. Only baked production pages register it (npm run dev has none), and only once the page has
 * loaded and the browser is idle: installing it fetches every file of the release, which on a slow phone would
 * otherwise compete with the page's own data, fonts and rendering. A failed registration costs offline use only, and the
 * app runs the same without it, so it is not reported. The version check finds the registration itself when
 * a new release is live.
 */
const SERVICE_WORKER_URL = '/service-worker.js';
const IDLE_TIMEOUT_MS = 10_000;
const NO_IDLE_CALLBACK_DELAY_MS = 3_000;

export function registerServiceWorker(environment: 'production' | 'development'): void {
  if (environment !== 'production' || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register(SERVICE_WORKER_URL).catch(() => undefined);
  };
  // The timeout bounds the wait on a page that is never idle (an animation, a busy tab). Safari has no idle
  // callback: there it waits a few seconds after the load, by when the first screen has its data.
  const whenIdle = () =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(register, { timeout: IDLE_TIMEOUT_MS })
      : setTimeout(register, NO_IDLE_CALLBACK_DELAY_MS);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
