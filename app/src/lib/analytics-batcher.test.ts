import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AnalyticsBatcher, ANALYTICS_FLUSH_MS } from './analytics-batcher';

interface Change {
  key: string;
  value: string;
}

const change = (key: string, value: string): Change => ({ key, value });

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('AnalyticsBatcher', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends every 5000 ms only while a page is open, and empties the batch after a successful send', async () => {
    const send = vi.fn().mockResolvedValue(undefined);
    const batcher = new AnalyticsBatcher<Change>(send);
    batcher.record(change('notes', 'a'));
    await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_MS * 2);
    expect(send).not.toHaveBeenCalled();

    const close = batcher.open();
    await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_MS - 1);
    expect(send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(send).toHaveBeenCalledWith([change('notes', 'a')], { keepalive: false });
    expect(batcher.unsent()).toEqual([]);

    // Nothing pending: the next ticks send nothing.
    await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_MS * 3);
    expect(send).toHaveBeenCalledTimes(1);
    close();
    batcher.record(change('notes', 'b'));
    await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_MS * 3);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('keeps one change per key, the latest, and keeps the batch across a failed send', async () => {
    const send = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(undefined);
    const batcher = new AnalyticsBatcher<Change>(send);
    const close = batcher.open();
    batcher.record(change('notes', 'a'));
    batcher.record(change('taken_quiz', 'true'));
    batcher.record(change('notes', 'ab'));
    await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_MS);
    expect(send).toHaveBeenLastCalledWith([change('notes', 'ab'), change('taken_quiz', 'true')], {
      keepalive: false,
    });
    expect(batcher.unsent()).toHaveLength(2);

    batcher.record(change('notes', 'abc'));
    await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_MS);
    expect(send).toHaveBeenLastCalledWith([change('notes', 'abc'), change('taken_quiz', 'true')], {
      keepalive: false,
    });
    expect(batcher.unsent()).toEqual([]);
    close();
  });

  it('keeps a change recorded while its key was being sent', async () => {
    const first = deferred();
    const send = vi.fn().mockReturnValueOnce(first.promise).mockResolvedValue(undefined);
    const batcher = new AnalyticsBatcher<Change>(send);
    const close = batcher.open();
    batcher.record(change('notes', 'a'));
    await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_MS);
    batcher.record(change('notes', 'ab'));
    // A tick while the first send is in flight sends nothing more.
    await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_MS);
    expect(send).toHaveBeenCalledTimes(1);
    first.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(batcher.unsent()).toEqual([change('notes', 'ab')]);
    await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_MS);
    expect(send).toHaveBeenLastCalledWith([change('notes', 'ab')], { keepalive: false });
    expect(batcher.unsent()).toEqual([]);
    close();
  });

  it('sends at once with keepalive when the page is left or hidden, and retries a failed leave on the next page', async () => {
    const send = vi.fn().mockResolvedValue(undefined);
    const batcher = new AnalyticsBatcher<Change>(send);
    let close = batcher.open();

    batcher.record(change('notes', 'hidden'));
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    expect(send).toHaveBeenLastCalledWith([change('notes', 'hidden')], { keepalive: true });
    await vi.advanceTimersByTimeAsync(0);

    batcher.record(change('notes', 'pagehide'));
    window.dispatchEvent(new Event('pagehide'));
    expect(send).toHaveBeenLastCalledWith([change('notes', 'pagehide')], { keepalive: true });
    await vi.advanceTimersByTimeAsync(0);

    send.mockRejectedValueOnce(new Error('offline'));
    batcher.record(change('notes', 'unmount'));
    close();
    expect(send).toHaveBeenLastCalledWith([change('notes', 'unmount')], { keepalive: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(batcher.unsent()).toEqual([change('notes', 'unmount')]);

    // The next lesson page's first tick sends what the failed leave kept, once.
    close = batcher.open();
    await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_MS);
    expect(send).toHaveBeenLastCalledWith([change('notes', 'unmount')], { keepalive: false });
    expect(batcher.unsent()).toEqual([]);
    send.mockClear();
    close();
    await vi.advanceTimersByTimeAsync(0);
    expect(send).not.toHaveBeenCalled();
  });
});

describe('AnalyticsBatcher.clear', () => {
  it('drops what is pending, so nothing is sent afterwards', async () => {
    vi.useFakeTimers();
    const send = vi.fn().mockResolvedValue(undefined);
    const batcher = new AnalyticsBatcher<Change>(send);
    const close = batcher.open();
    batcher.record(change('notes', 'a'));
    batcher.clear();
    await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_MS);
    close();
    expect(send).not.toHaveBeenCalled();
    vi.useRealTimers();
  });
});
