import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerServiceWorker } from './service-worker';

const register = vi.fn(() => Promise.resolve({}));

afterEach(() => {
  vi.unstubAllGlobals();
  register.mockClear();
});

describe('registerServiceWorker', () => {
  it('registers /service-worker.js on a production page, once it has loaded', () => {
    vi.stubGlobal('navigator', { ...navigator, serviceWorker: { register } });
    registerServiceWorker('production');
    // jsdom's document has finished loading by the time tests run.
    expect(document.readyState).toBe('complete');
    expect(register).toHaveBeenCalledWith('/service-worker.js');
  });

  it('registers nothing under npm run dev', () => {
    vi.stubGlobal('navigator', { ...navigator, serviceWorker: { register } });
    registerServiceWorker('development');
    expect(register).not.toHaveBeenCalled();
  });

  it('stays quiet when the registration fails (the app runs the same without it)', async () => {
    const failing = vi.fn(() => Promise.reject(new Error('SecurityError')));
    vi.stubGlobal('navigator', { ...navigator, serviceWorker: { register: failing } });
    registerServiceWorker('production');
    await Promise.resolve();
    expect(failing).toHaveBeenCalledTimes(1);
  });
});
