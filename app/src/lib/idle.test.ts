import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTIVITY_DEBOUNCE_MS, IDLE_TIMEOUT_MS, IDLE_WARNING_MS, watchIdle, type IdleWatch } from './idle';

let watch: IdleWatch;
const callbacks = { onWarn: vi.fn(), onActive: vi.fn(), onIdle: vi.fn() };

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-21T09:00:00Z') });
  localStorage.clear();
  for (const fn of Object.values(callbacks)) fn.mockReset();
  watch = watchIdle(callbacks);
});
afterEach(() => {
  watch.stop();
  vi.useRealTimers();
});

const activity = () => window.dispatchEvent(new Event('keydown'));

describe('idle logout (SPEC §9)', () => {
  it('logs out after 3,600,000 ms without activity, warning 60 s before', () => {
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS - IDLE_WARNING_MS - 1000);
    expect(callbacks.onWarn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(callbacks.onWarn).toHaveBeenCalledWith(IDLE_WARNING_MS);
    expect(callbacks.onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(IDLE_WARNING_MS);
    expect(callbacks.onIdle).toHaveBeenCalledTimes(1);
  });

  it('counts activity, debounced by 250 ms', () => {
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS - IDLE_WARNING_MS - 5000);
    activity();
    vi.advanceTimersByTime(ACTIVITY_DEBOUNCE_MS - 1);
    activity(); // restarts the debounce
    vi.advanceTimersByTime(ACTIVITY_DEBOUNCE_MS);
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS - IDLE_WARNING_MS - 1000);
    expect(callbacks.onWarn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(IDLE_WARNING_MS + 2000); // + the 1 s check interval
    expect(callbacks.onIdle).toHaveBeenCalledTimes(1);
  });

  it("'Stay signed in' ends the warning and starts a new hour", () => {
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS - 10_000);
    expect(callbacks.onWarn).toHaveBeenCalled();
    activity(); // reading the warning is not an answer
    vi.advanceTimersByTime(ACTIVITY_DEBOUNCE_MS);
    watch.touch();
    expect(callbacks.onActive).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS - IDLE_WARNING_MS - 1000);
    expect(callbacks.onIdle).not.toHaveBeenCalled();
  });

  it('measures on the wall clock: a machine waking after two hours is logged out at once', () => {
    // Sleep: the clock jumps, no timer ran meanwhile.
    vi.setSystemTime(Date.now() + 2 * IDLE_TIMEOUT_MS);
    vi.advanceTimersByTime(1000);
    expect(callbacks.onIdle).toHaveBeenCalledTimes(1);
    expect(callbacks.onWarn).not.toHaveBeenCalled();
  });

  it('does not count a debounce that fires on wake as activity', () => {
    vi.advanceTimersByTime(10_000);
    activity(); // the last key press before the lid closed; its debounce is still pending
    vi.setSystemTime(Date.now() + 2 * IDLE_TIMEOUT_MS);
    vi.advanceTimersByTime(2000);
    expect(callbacks.onIdle).toHaveBeenCalledTimes(1);
  });

  it('shares activity between tabs through local storage', () => {
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS - 30_000);
    expect(callbacks.onWarn).toHaveBeenCalled();
    localStorage.setItem('portal.activity', String(Date.now())); // another tab was used
    vi.advanceTimersByTime(1000);
    expect(callbacks.onActive).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(callbacks.onIdle).not.toHaveBeenCalled();
  });
});
