/**
 * The signed-in user's version as the API answers it (X-User-Version, the user's updated_at): when an answer
 * carries another version than the last one seen, an admin (or the user elsewhere) changed the user, and the
 * shell reads the user again (app/shell/use-fresh-user.ts) so decisions and screens follow without a new sign-in.
 */
import { sessionStore } from './session';

let known: string | null = null;
const listeners = new Set<() => void>();

sessionStore.onLogout(() => {
  known = null;
});

/** Called with every answer of the current session; the first version seen is the baseline. */
export function noteUserVersion(version: unknown): void {
  if (typeof version !== 'string' || !version || version === known) return;
  const changed = known !== null;
  known = version;
  if (changed) for (const listener of listeners) listener();
}

/** Calls `listener` whenever the user changed on the server; returns the unsubscribe function. */
export function onUserChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
