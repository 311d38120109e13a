import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTOSAVE_DELAY_MS, createAutosaver, type SaveStatus as Status } from './autosave';

/** A save whose calls resolve or fail when the test says so. */
function controlledSave() {
  const calls: { value: string; resolve: () => void; reject: () => void }[] = [];
  const save = vi.fn(
    (value: string) =>
      new Promise<void>((resolve, reject) => {
        calls.push({ value, resolve, reject: () => reject(new Error('offline')) });
      }),
  );
  return { calls, save };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createAutosaver', () => {
  it('saves once per pause in typing, with the last value', async () => {
    const { calls, save } = controlledSave();
    const statuses: Status[] = [];
    const saver = createAutosaver(save, (s) => statuses.push(s));
    saver.change('a');
    vi.advanceTimersByTime(AUTOSAVE_DELAY_MS - 1);
    saver.change('ab');
    vi.advanceTimersByTime(AUTOSAVE_DELAY_MS - 1);
    expect(save).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(save).toHaveBeenCalledExactlyOnceWith('ab');
    calls[0]!.resolve();
    await vi.waitFor(() => expect(statuses.at(-1)).toBe('saved'));
    expect(saver.unsaved()).toBe(false);
  });

  it('loses no keystroke typed while a save is on its way: the newest value is saved last', async () => {
    const { calls, save } = controlledSave();
    const saver = createAutosaver(save, () => {});
    saver.change('a');
    vi.advanceTimersByTime(AUTOSAVE_DELAY_MS);
    saver.change('ab');
    const flushed = saver.flush();
    expect(save).toHaveBeenCalledTimes(1);
    calls[0]!.resolve();
    await vi.waitFor(() => expect(save).toHaveBeenCalledTimes(2));
    expect(calls[1]!.value).toBe('ab');
    calls[1]!.resolve();
    await flushed;
    expect(saver.unsaved()).toBe(false);
  });

  it('keeps a failed value for the retry', async () => {
    const { calls, save } = controlledSave();
    const statuses: Status[] = [];
    const saver = createAutosaver(save, (s) => statuses.push(s));
    saver.change('draft');
    const first = saver.flush();
    calls[0]!.reject();
    await first;
    expect(statuses.at(-1)).toBe('error');
    expect(saver.unsaved()).toBe(true);
    const retry = saver.flush();
    expect(calls[1]!.value).toBe('draft');
    calls[1]!.resolve();
    await retry;
    expect(statuses.at(-1)).toBe('saved');
  });
});
