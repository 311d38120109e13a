/**
 * The global loading overlay (SPEC §2) with an optional message. Callers wrap work in withLoading(); nested
 * calls are counted so the overlay stays until the last one ends, showing the newest message.
 */
import { useSyncExternalStore } from 'react';

interface LoadingState {
  active: boolean;
  message: string | null;
}

const IDLE: LoadingState = { active: false, message: null };
let state = IDLE;
const stack: (string | null)[] = [];
const listeners = new Set<() => void>();

function publish(): void {
  state = stack.length === 0 ? IDLE : { active: true, message: stack[stack.length - 1] ?? null };
  for (const listener of listeners) listener();
}

export async function withLoading<T>(work: () => Promise<T>, message: string | null = null): Promise<T> {
  stack.push(message);
  publish();
  try {
    return await work();
  } finally {
    stack.splice(stack.lastIndexOf(message), 1);
    publish();
  }
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useLoading = (): LoadingState =>
  useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
