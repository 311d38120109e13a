/**
 * The version check of SPEC §4, run before the first render in parallel with the theme load. When /meta.json
 * announces a newer version than the one baked into this build, the app clears Cache Storage, asks the
 * service worker to update and reloads once. A sessionStorage guard keyed by the target version makes sure a
 * meta.json that stays newer (a CDN serving a stale index.html, say) can never cause a reload loop: the second
 * time the app renders and shows the update banner instead. Any failure resolves quickly and never blocks.
 */
interface VersionCheckResult {
  /** The version /meta.json announced, when it could be read. */
  liveVersion: string | null;
  /** True when a newer version is live but a reload already happened for it: show the banner instead. */
  updateAvailable: boolean;
  /** What the check concluded; 'reloading' never reaches the caller (the promise does not resolve). */
  outcome: 'current' | 'update-available' | 'unavailable';
}

interface VersionCheckOptions {
  url?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  storage?: Storage;
  reload?: () => void;
}

/** Also asked for by index.html's inline script for a signed-in page of ./early-pages, before the app runs. */
export const META_URL = '/meta.json';
const META_TIMEOUT_MS = 3_000;
const GUARD_PREFIX = 'portal:reloaded-for:';
/** Cache clearing and the service-worker update must not hold the reload back forever either. */
const CLEANUP_TIMEOUT_MS = 2_000;

const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/;

/**
 * Semantic version order (semver 2.0 §11) in a few lines, so the app bundle does not carry the semver
 * package: -1, 0 or 1, or null when either side is not a version.
 */
export function compareVersions(a: string, b: string): -1 | 0 | 1 | null {
  const x = SEMVER.exec(a);
  const y = SEMVER.exec(b);
  if (!x || !y) return null;
  for (let i = 1; i <= 3; i++) {
    const d = Number(x[i]) - Number(y[i]);
    if (d) return d > 0 ? 1 : -1;
  }
  return comparePrerelease(x[4], y[4]);
}

function comparePrerelease(a: string | undefined, b: string | undefined): -1 | 0 | 1 {
  if (a === b) return 0;
  if (a === undefined) return 1; // 1.0.0 > 1.0.0-rc.1
  if (b === undefined) return -1;
  const pa = a.split('.');
  const pb = b.split('.');
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const [s, t] = [pa[i], pb[i]];
    if (s === undefined) return -1;
    if (t === undefined) return 1;
    if (s === t) continue;
    const [ns, nt] = [/^\d+$/.test(s), /^\d+$/.test(t)];
    if (ns && nt) return Number(s) > Number(t) ? 1 : -1;
    if (ns !== nt) return ns ? -1 : 1; // numeric identifiers sort before alphanumeric ones
    return s > t ? 1 : -1;
  }
  return 0;
}

declare global {
  interface Window {
    /** meta.json as index.html's inline script asked for it (null when that failed); taken once. */
    portalMeta?: Promise<Response | null>;
  }
}

/** The answer index.html already asked for, when this is the same request: taken, so a later check asks anew. */
function takeEarlyMeta(url: string, fetcher: typeof fetch): Promise<Response | null> | undefined {
  if (typeof window === 'undefined' || url !== META_URL || fetcher !== fetch) return undefined;
  const early = window.portalMeta;
  delete window.portalMeta;
  return early;
}

/** The live version, or null for any failure: 404, 500, HTML, bad JSON, no version, no answer in time. */
async function fetchLiveVersion(
  url = META_URL,
  timeoutMs = META_TIMEOUT_MS,
  fetcher: typeof fetch = fetch,
): Promise<string | null> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const timedOut = new Promise<null>((resolve) =>
    controller.signal.addEventListener('abort', () => resolve(null)),
  );
  try {
    const request =
      takeEarlyMeta(url, fetcher) ??
      fetcher(url, {
        cache: 'no-store',
        signal: controller.signal,
        headers: { Accept: 'application/json' },
      });
    const response = await Promise.race([request, timedOut]);
    if (!response?.ok) return null;
    const body: unknown = JSON.parse(await response.text());
    const version = (body as { version?: unknown } | null)?.version;
    return typeof version === 'string' && SEMVER.test(version) ? version : null;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage disabled: without a guard we never reload automatically
  }
}

/** Sets the guard; false when it was already set or cannot be stored (both mean: do not reload). */
function claimReload(key: string, storage: Storage | null = sessionStore()): boolean {
  try {
    if (!storage || storage.getItem(GUARD_PREFIX + key) !== null) return false;
    storage.setItem(GUARD_PREFIX + key, new Date().toISOString());
    return storage.getItem(GUARD_PREFIX + key) !== null;
  } catch {
    return false;
  }
}

const withTimeout = (work: Promise<unknown>, ms: number) =>
  Promise.race([work.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, ms))]);

/** Drops cached responses and asks the service worker for its new version, so the reload gets fresh files. */
async function clearForUpdate(): Promise<void> {
  const work: Promise<unknown>[] = [];
  if (typeof caches !== 'undefined') {
    work.push(caches.keys().then((keys) => Promise.all(keys.map((key) => caches.delete(key)))));
  }
  const container = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
  if (container?.getRegistrations) {
    work.push(container.getRegistrations().then((regs) => Promise.all(regs.map((reg) => reg.update()))));
  }
  await withTimeout(Promise.all(work), CLEANUP_TIMEOUT_MS);
}

/** The banner's Reload button: the same clean-up, then a reload (the guard stays, so no loop either). */
export async function reloadForUpdate(reload: () => void = () => window.location.reload()): Promise<void> {
  await clearForUpdate();
  reload();
}

export async function checkVersion(
  bakedVersion: string,
  options: VersionCheckOptions = {},
): Promise<VersionCheckResult> {
  const live = await fetchLiveVersion(options.url, options.timeoutMs, options.fetch);
  if (live === null) return { liveVersion: null, updateAvailable: false, outcome: 'unavailable' };
  if (compareVersions(live, bakedVersion) !== 1)
    return { liveVersion: live, updateAvailable: false, outcome: 'current' };
  if (!claimReload(`version:${live}`, options.storage ?? sessionStore())) {
    return { liveVersion: live, updateAvailable: true, outcome: 'update-available' };
  }
  await reloadForUpdate(options.reload);
  // Nothing may render while the page goes away.
  return new Promise<never>(() => {});
}

/**
 * A chunk that fails to load (`vite:preloadError`: a deploy removed or replaced it under an open tab)
 * reloads the page once per baked version; a second failure is left to the app's error screen.
 * Returns a function that removes the listener.
 */
export function installChunkErrorReload(
  bakedVersion: string,
  options: Pick<VersionCheckOptions, 'storage' | 'reload'> = {},
): () => void {
  const onError = (event: Event) => {
    if (!claimReload(`chunk:${bakedVersion}`, options.storage ?? sessionStore())) return;
    event.preventDefault(); // handled: Vite would otherwise rethrow the load error
    void reloadForUpdate(options.reload);
  };
  window.addEventListener('vite:preloadError', onError);
  return () => window.removeEventListener('vite:preloadError', onError);
}
