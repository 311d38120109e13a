import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkVersion, compareVersions, installChunkErrorReload } from './version-check';

const answer = (body: string, status = 200, type = 'application/json') =>
  vi.fn(
    async () => new Response(body, { status, headers: { 'Content-Type': type } }),
  ) as unknown as typeof fetch;

/**
 * The next macrotask: every microtask queued before it has run. Not a pause for something to happen; used only
 * where what is left to happen is microtasks (no fetch, caches or service worker to wait on).
 */
const nextMacrotask = () => new Promise((resolve) => setTimeout(resolve));

/** 'pending' when the promise has not settled by the next macrotask (see nextMacrotask for when that's sound). */
const settled = (promise: Promise<unknown>) =>
  Promise.race([promise.then(() => 'settled'), nextMacrotask().then(() => 'pending')]);

let reload: ReturnType<typeof vi.fn<() => void>>;

beforeEach(() => {
  sessionStorage.clear();
  reload = vi.fn<() => void>();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('compareVersions', () => {
  it('compares semantically, not as text', () => {
    expect(compareVersions('7.10.0', '7.9.0')).toBe(1);
    expect(compareVersions('7.9.0', '7.10.0')).toBe(-1);
    expect(compareVersions('7.2.2', '7.2.2')).toBe(0);
    expect(compareVersions('8.0.0', '7.99.99')).toBe(1);
    expect(compareVersions('7.2.10', '7.2.9')).toBe(1);
    expect(compareVersions('1.0.0', '1.0.0-rc.1')).toBe(1);
    expect(compareVersions('1.0.0-rc.10', '1.0.0-rc.2')).toBe(1);
    expect(compareVersions('1.0.0-alpha', '1.0.0-1')).toBe(1);
    expect(compareVersions('1.0.0+build.5', '1.0.0')).toBe(0);
    expect(compareVersions('7.2', '7.2.2')).toBeNull();
    expect(compareVersions('<html>', '7.2.2')).toBeNull();
  });
});

describe('checkVersion', () => {
  it('asks for /meta.json without the HTTP cache', async () => {
    const fetch = answer('{"version":"7.2.2"}');
    await checkVersion('7.2.2', { fetch, reload });
    expect(fetch).toHaveBeenCalledWith(
      '/meta.json',
      expect.objectContaining({ cache: 'no-store', signal: expect.any(AbortSignal) }),
    );
  });

  it("takes the meta.json index.html's inline script asked for, once; a failed one is no version", async () => {
    const fetch = answer('{"version":"7.1.0"}');
    vi.stubGlobal('fetch', fetch);
    window.portalMeta = Promise.resolve(new Response('{"version":"7.2.2"}'));
    expect(await checkVersion('7.2.2', { reload })).toMatchObject({
      liveVersion: '7.2.2',
      outcome: 'current',
    });
    expect(fetch).not.toHaveBeenCalled();
    // Taken: the next check asks the site.
    expect((await checkVersion('7.2.2', { reload })).liveVersion).toBe('7.1.0');
    expect(fetch).toHaveBeenCalledTimes(1);
    window.portalMeta = Promise.resolve(null);
    expect(await checkVersion('7.2.2', { reload })).toMatchObject({
      liveVersion: null,
      outcome: 'unavailable',
    });
  });

  it('renders at once when the live version is the same or older', async () => {
    expect(await checkVersion('7.2.2', { fetch: answer('{"version":"7.2.2"}'), reload })).toEqual({
      liveVersion: '7.2.2',
      updateAvailable: false,
      outcome: 'current',
    });
    expect(
      (await checkVersion('7.10.0', { fetch: answer('{"version":"7.9.0"}'), reload })).updateAvailable,
    ).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('clears caches, updates the service worker and reloads once when a newer version is live', async () => {
    const deleted: string[] = [];
    vi.stubGlobal('caches', {
      keys: async () => ['workbox-precache', 'runtime'],
      delete: async (key: string) => deleted.push(key) > 0,
    });
    const update = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { getRegistrations: async () => [{ update }, { update }] },
    });
    try {
      const pending = checkVersion('7.9.0', { fetch: answer('{"version":"7.10.0"}'), reload });
      // The answer's body is read in macrotasks of its own: wait for the reload, not for a pause.
      await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
      expect(await settled(pending)).toBe('pending'); // nothing renders while the page goes away
      expect(deleted).toEqual(['workbox-precache', 'runtime']);
      expect(update).toHaveBeenCalledTimes(2);
      expect(sessionStorage.getItem('portal:reloaded-for:version:7.10.0')).not.toBeNull();
    } finally {
      Reflect.deleteProperty(navigator, 'serviceWorker');
    }
  });

  it('does not reload twice for the same version: it reports an update for the banner', async () => {
    void checkVersion('7.9.0', { fetch: answer('{"version":"7.10.0"}'), reload });
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    const second = await checkVersion('7.9.0', { fetch: answer('{"version":"7.10.0"}'), reload });
    expect(second).toEqual({ liveVersion: '7.10.0', updateAvailable: true, outcome: 'update-available' });
    expect(reload).toHaveBeenCalledTimes(1);
    // A later release is a new target: it may reload once more.
    void checkVersion('7.9.0', { fetch: answer('{"version":"7.11.0"}'), reload });
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(2));
  });

  it('never reloads when sessionStorage is unavailable (no guard, no loop)', async () => {
    const broken = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    } as unknown as Storage;
    const result = await checkVersion('7.9.0', {
      fetch: answer('{"version":"7.10.0"}'),
      reload,
      storage: broken,
    });
    expect(result.updateAvailable).toBe(true);
    expect(reload).not.toHaveBeenCalled();
  });

  it.each([
    ['404', answer('Not found', 404, 'text/plain')],
    ['500', answer('{"version":"9.0.0"}', 500)],
    ['HTML instead of JSON', answer('<!doctype html><html></html>', 200, 'text/html')],
    ['bad JSON', answer('{"version":')],
    ['no version', answer('{"release":"9.0.0"}')],
    ['a version that is not semver', answer('{"version":"latest"}')],
    ['JSON null', answer('null')],
    [
      'a network error',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }) as unknown as typeof fetch,
    ],
  ])('resolves without reloading on %s', async (_name, fetch) => {
    const result = await checkVersion('7.2.2', { fetch, reload });
    expect(result).toEqual({ liveVersion: null, updateAvailable: false, outcome: 'unavailable' });
    expect(reload).not.toHaveBeenCalled();
  });

  it('gives up after 3 s when meta.json does not answer', async () => {
    vi.useFakeTimers();
    const hanging = vi.fn(
      (_url: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    ) as unknown as typeof fetch;
    const result = checkVersion('7.2.2', { fetch: hanging, reload });
    await vi.advanceTimersByTimeAsync(2_999);
    expect(await Promise.race([result.then(() => 'done'), Promise.resolve('waiting')])).toBe('waiting');
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toMatchObject({ outcome: 'unavailable', updateAvailable: false });
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('installChunkErrorReload', () => {
  it('reloads once per baked version on vite:preloadError, then leaves errors to the app', async () => {
    const uninstall = installChunkErrorReload('7.2.2', { reload });
    try {
      const first = new Event('vite:preloadError', { cancelable: true });
      window.dispatchEvent(first);
      expect(first.defaultPrevented).toBe(true);
      await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
      const second = new Event('vite:preloadError', { cancelable: true });
      window.dispatchEvent(second);
      expect(second.defaultPrevented).toBe(false);
      // With no caches or service worker here, a clean-up and reload would take only microtasks.
      await nextMacrotask();
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      uninstall();
    }
  });
});
