/**
 * Boot: read the baked config, then fetch the theme and check the published version in parallel; render the
 * router only when both are done (SPEC §4). Until then a page baked with its first screen (the login screen or
 * the neutral shell, pre-rendered with the tenant's name, logo and colours) keeps showing it (with the overlay
 * saying 'Loading theme...' only when that takes a while), and any other page shows the overlay at once. The API client and the stored session are set up first, so
 * the first render already knows whether someone is signed in, and the chunks of the pages this address shows
 * are fetched meanwhile (and the fonts index.html preloaded for a signed-in page are awaited, so its text is not
 * drawn in the fallback fonts first): the app's first commit then draws those pages and replaces the pre-rendered screen in
 * one step, without a fallback in between.
 */
import '@/styles/fonts.css';
// The toast library's own stylesheet joins the one stylesheet (its default entry would carry it inside the
// login route's JavaScript and inject it at run time), before base.css, whose rules adjust it.
import 'react-toastify/ReactToastify.css';
import '@/styles/base.css';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { readConfig } from '@/boot/config';
import { hideTokenFromReferrer } from '@/boot/referrer';
import { applyTheme, loadTheme, requestedBrand } from '@/boot/theme';
import { checkVersion, installChunkErrorReload } from '@/boot/version-check';
import { configureApi } from '@/lib/api-client';
import { IDLE_LOGGED_OUT } from '@/lib/idle-limit';
import { sessionStore } from '@/lib/session';
import { warmZone } from '@/lib/zone-clock';
import { notify } from '@/lib/toast';
import { BootOverlay } from '@/boot/boot-overlay';
import { earlyFontsReady } from '@/boot/early-fonts';
import { App } from '@/app/app';
import { preloadPage } from '@/app/routes';

hideTokenFromReferrer();
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

/** Whether index.html shows a pre-rendered screen for this visit (its inline script picked one that exists). */
function showsFirstScreen(): boolean {
  const mode = document.documentElement.dataset.boot;
  return (mode === 'login' || mode === 'shell') && !!container?.querySelector(`.prerendered-${mode} > *`);
}

/**
 * Over a pre-rendered screen, SPEC §4's 'Loading theme...' shows only once the wait is long enough to notice (a
 * slow or stalled theme file, an inert form that would otherwise look broken): a quick boot goes from that
 * screen to the app without a flash.
 */
const OVERLAY_AFTER_MS = 1000;

async function boot(): Promise<void> {
  const loading = () => root.render(<BootOverlay message="Loading theme..." />);
  let overlayTimer: ReturnType<typeof setTimeout> | undefined;
  if (showsFirstScreen()) overlayTimer = setTimeout(loading, OVERLAY_AFTER_MS);
  else loading();
  try {
    const config = readConfig();
    installChunkErrorReload(config.version);
    configureApi({ apiUrl: config.apiUrl, tenantId: config.tenantId });
    // SPEC §4: a stored session is restored (or, unreadable or mismatched, cleared) before the first render.
    const explainIdle = sessionStore.onLogout((reason) => reason === 'idle' && notify.info(IDLE_LOGGED_OUT));
    const signedIn = sessionStore.restore();
    explainIdle(); // (the toast waits for the toast container to mount)
    const user = signedIn ? (sessionStore.get()?.user ?? null) : null;
    const [brand, version] = await Promise.all([
      loadTheme(config.themeUrl, config.tenantId, requestedBrand()),
      checkVersion(config.version),
      preloadPage(window.location.pathname, user),
      earlyFontsReady(),
      // The user's zone formatter, made while the calls above are on their way (the browser loads its zone
      // data, about 85 ms on a slow phone): the first page that shows times then does not pay for it.
      user && warmZone(user.time_zone),
    ]);
    clearTimeout(overlayTimer);
    applyTheme(brand);
    // As a transition: React renders the app in slices of a few milliseconds, yielding to the browser between
    // them, instead of one long task that blocks input (on a slow phone the shell and its page took half a
    // second); the screen already shown stays until the whole app commits at once.
    startTransition(() =>
      root.render(<App config={config} brand={brand} updateAvailable={version.updateAvailable} />),
    );
    // A chunk of its own, fetched after the first render: the login route's JavaScript does not carry it.
    void import('@/boot/service-worker').then((m) => m.registerServiceWorker(config.environment));
  } catch (error) {
    clearTimeout(overlayTimer);
    const message = error instanceof Error ? error.message : String(error);
    root.render(<BootOverlay message={`Error: ${message}`} failed />);
  }
}

void boot();
