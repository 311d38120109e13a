/**
 * Autosave of a draft (the coach's authoring pages): each change is saved a moment after typing stops, one
 * save at a time, and always the newest value last, so a keystroke made while a save is on its way is saved
 * right after it instead of being lost or overwritten by an older value. A failed save keeps the value for a
 * retry (or the next change); leaving the page saves what is still waiting at once.
 */
import { useEffect, useRef, useState } from 'react';

export type SaveStatus = 'idle' | 'saving' | 'saved' | 'error';

/** Long enough to save once per pause in typing, short enough that "Saved" follows the pause. */
export const AUTOSAVE_DELAY_MS = 800;

interface Autosaver<T> {
  /** A new value: saved after the delay, unless another change comes first. */
  change(value: T): void;
  /** Saves what is waiting now; resolves once nothing is waiting or a save failed. */
  flush(): Promise<void>;
  /** Whether a change is not yet saved (waiting, on its way, or failed). */
  unsaved(): boolean;
  dispose(): void;
}

export function createAutosaver<T>(
  save: (value: T) => Promise<unknown>,
  onStatus: (status: SaveStatus) => void,
  delay = AUTOSAVE_DELAY_MS,
): Autosaver<T> {
  let waiting: { value: T } | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | null = null;

  async function drain(): Promise<void> {
    while (waiting) {
      const { value } = waiting;
      waiting = null;
      onStatus('saving');
      try {
        await save(value);
      } catch {
        // A newer value typed meanwhile wins; otherwise this one waits for the retry.
        waiting ??= { value };
        onStatus('error');
        return;
      }
    }
    onStatus('saved');
  }

  function flush(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    // The save on its way picks up what is waiting when it ends.
    if (running) return running;
    if (!waiting) return Promise.resolve();
    running = drain().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    change(value) {
      waiting = { value };
      onStatus('saving');
      clearTimeout(timer);
      timer = setTimeout(() => void flush(), delay);
    },
    flush,
    unsaved: () => waiting !== null || running !== null,
    dispose: () => clearTimeout(timer),
  };
}

/**
 * Saves `value` whenever it changes (compared as JSON; the first value is what was loaded, not a change). On
 * unmount (leaving for another page) and on `pagehide` what waits is saved at once; closing the tab with a
 * change unsaved asks first.
 */
export function useAutosave<T>(
  value: T,
  save: (value: T) => Promise<unknown>,
  delay = AUTOSAVE_DELAY_MS,
): { status: SaveStatus; retry: () => void } {
  const [status, setStatus] = useState<SaveStatus>('idle');
  const saveRef = useRef(save);
  const saverRef = useRef<Autosaver<T> | null>(null);
  useEffect(() => {
    saveRef.current = save;
  });

  useEffect(() => {
    const saver = createAutosaver<T>((v) => saveRef.current(v), setStatus, delay);
    saverRef.current = saver;
    const leave = () => void saver.flush();
    const ask = (event: BeforeUnloadEvent) => {
      if (saver.unsaved()) event.preventDefault();
    };
    window.addEventListener('pagehide', leave);
    window.addEventListener('beforeunload', ask);
    return () => {
      window.removeEventListener('pagehide', leave);
      window.removeEventListener('beforeunload', ask);
      void saver.flush();
      saver.dispose();
    };
  }, [delay]);

  const key = JSON.stringify(value);
  const seen = useRef(key);
  useEffect(() => {
    if (key === seen.current) return;
    seen.current = key;
    saverRef.current?.change(JSON.parse(key) as T);
  }, [key]);

  return { status, retry: () => void saverRef.current?.flush() };
}
