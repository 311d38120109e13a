import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerServiceWorker } from './service-worker';

const register = vi.fn(() => Promise.resolve({}));

afterEach(() => {
  vi.unstubAllGlobals();
  register.mockClear();
});

/** requestIdleCallback (jsdom has none) that runs what waits for idle time only when the test says so. */
function stubIdle() {
  const callbacks: (() => void)[] = [];
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => callbacks.push(callback));
  return {
    get waiting() {
      return callbacks.length;
    },
    run: () => callbacks.splice(0).forEach((callback) => callback()),
  };
}

describe('registerServiceWorker', () => {
  it('registers /service-worker.js on a production page, once it has loaded and the browser is idle', () => {
    vi.stubGlobal('navigator', { ...navigator, serviceWorker: { register } });
    const idle = stubIdle();
    registerServiceWorker('production');
    // jsdom's document has finished loading by the time tests run: what is left is the wait for idle time.
    expect(document.readyState).toBe('complete');
    expect(register).not.toHaveBeenCalled();
    idle.run();
    expect(register).toHaveBeenCalledWith('/service-worker.js');
  });

  it('waits a few seconds after the load in a browser without idle callbacks (Safari)', () => {
    vi.useFakeTimers();
    try {
      vi.stubGlobal('navigator', { ...navigator, serviceWorker: { register } });
      vi.stubGlobal('requestIdleCallback', undefined);
      registerServiceWorker('production');
      expect(register).not.toHaveBeenCalled();
      vi.advanceTimersByTime(3_000);
      expect(register).toHaveBeenCalledWith('/service-worker.js');
    } finally {
      vi.useRealTimers();
    }
  });

  it('registers nothing under npm run dev', () => {
    vi.stubGlobal('navigator', { ...navigator, serviceWorker: { register } });
    const idle = stubIdle();
    registerServiceWorker('development');
    expect(idle.waiting).toBe(0);
    expect(register).not.toHaveBeenCalled();
  });

  it('stays quiet when the registration fails (the app runs the same without it)', async () => {
    const failing = vi.fn(() => Promise.reject(new Error('SecurityError')));
    vi.stubGlobal('navigator', { ...navigator, serviceWorker: { register: failing } });
    const idle = stubIdle();
    registerServiceWorker('production');
    idle.run();
    await Promise.resolve();
    expect(failing).toHaveBeenCalledTimes(1);
  });
});
