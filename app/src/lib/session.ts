/**
 * The session of SPEC §4 and §9: local storage holds the token, a backup token and the user (encoded with the
 * cipher). One small external store, read by React through useSession(); no state library needed for one value.
 *
 * Rules: restore on start; a stored user that cannot be read, or whose pas_token differs from the stored token,
 * logs out; logout clears the session keys and tells every subscriber (the query cache clears itself); other
 * tabs follow through the storage event. The trusted-device token is not part of the session: it survives
 * logout so the next login on this device skips the OTP, as the API intends.
 */
import { useSyncExternalStore } from 'react';
import { decode, encode } from './cipher';
import { ACTIVITY_KEY, IDLE_TIMEOUT_MS } from './idle-limit';
import { toUser, type User } from './user';

export const STORAGE_KEYS = {
  token: 'portal.token',
  backupToken: 'portal.token.backup',
  user: 'portal.user',
} as const;
const DEVICE_KEY = 'portal.device';
const SESSION_KEYS: string[] = Object.values(STORAGE_KEYS);
/** The pages' last answers kept for offline reading (offline-copy.ts): the user's data, gone with the session. */
export const OFFLINE_KEY_PREFIX = 'portal.offline.';

export type LogoutReason = 'user' | 'expired' | 'deactivated' | 'idle' | 'invalid' | 'other-tab';

interface Session {
  token: string;
  user: User;
}

type Listener = () => void;

let current: Session | null = null;
const listeners = new Set<Listener>();
const logoutListeners = new Set<(reason: LogoutReason) => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function safeStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // Storage disabled (privacy mode): the session lives in memory only.
  }
}

function clearStored(): void {
  const storage = safeStorage();
  if (!storage) return;
  const offline: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key?.startsWith(OFFLINE_KEY_PREFIX)) offline.push(key);
  }
  for (const key of [...SESSION_KEYS, ...offline]) storage.removeItem(key);
}

/** What storage says the session is; null when absent, unreadable or mismatched. Never writes. */
function readStoredSession(storage: Storage | null = safeStorage()): Session | null {
  if (!storage) return null;
  const token = storage.getItem(STORAGE_KEYS.token) ?? storage.getItem(STORAGE_KEYS.backupToken);
  const encoded = storage.getItem(STORAGE_KEYS.user);
  if (!token && !encoded) return null;
  let user: User | null;
  try {
    user = encoded ? toUser(decode(encoded)) : null;
  } catch {
    user = null;
  }
  if (!token || !user || user.pas_token !== token) return null;
  return { token, user };
}

function write(session: Session): void {
  const storage = safeStorage();
  if (!storage) return;
  storage.setItem(STORAGE_KEYS.token, session.token);
  storage.setItem(STORAGE_KEYS.backupToken, session.token);
  storage.setItem(STORAGE_KEYS.user, encode(session.user));
}

export const sessionStore = {
  get: (): Session | null => current,

  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },

  /** Called by whatever must forget the user on logout (the query cache, the 401 guard). */
  onLogout(listener: (reason: LogoutReason) => void): () => void {
    logoutListeners.add(listener);
    return () => logoutListeners.delete(listener);
  },

  /**
   * On start: the stored session, or logged out (SPEC §4). A session whose last activity (any tab) is an hour
   * old or more is over too: the page was closed while idle, and the idle limit runs on the wall clock.
   * Returns whether a session was restored.
   */
  restore(): boolean {
    current = readStoredSession();
    const lastActive = Number(safeStorage()?.getItem(ACTIVITY_KEY)) || 0;
    if (current && lastActive > 0 && Date.now() - lastActive >= IDLE_TIMEOUT_MS) {
      sessionStore.logout('idle');
      return false;
    }
    // Leftovers of an unreadable or tampered session are removed so they cannot be half-trusted later.
    if (!current) clearStored();
    emit();
    return current !== null;
  },

  /** A successful login: the API's user (token included) becomes the session. */
  signIn(rawUser: unknown): Session {
    const user = toUser(rawUser);
    if (!user) throw new Error('The server answered without a usable user.');
    current = { token: user.access_token, user: { ...user, pas_token: user.access_token } };
    write(current);
    emit();
    return current;
  },

  /** A profile change: the same session, new user fields (token fields are never taken from the change). */
  updateUser(changes: Partial<Omit<User, 'access_token' | 'pas_token' | 'id'>>): void {
    if (!current) return;
    current = { ...current, user: { ...current.user, ...changes } };
    write(current);
    emit();
  },

  logout(reason: LogoutReason = 'user'): void {
    const wasLoggedIn = current !== null;
    current = null;
    if (reason !== 'other-tab') clearStored();
    for (const listener of logoutListeners) listener(reason);
    if (wasLoggedIn) emit();
  },
};

/** Other tabs: a login or logout there is followed here. Returns the unsubscribe function. */
export function followOtherTabs(target: Window = window): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== null && !SESSION_KEYS.includes(event.key)) return;
    // A write is three events; read the whole state each time and act only on a real change. A removal means
    // the other tab logged out; a value that does not read as a session yet is a write still in progress.
    const next = readStoredSession();
    const before = sessionStore.get();
    if (next === null && before !== null) {
      if (event.key === null || event.newValue === null) sessionStore.logout('other-tab');
    } else if (next !== null && next.token !== before?.token) {
      current = next;
      emit();
    }
  };
  target.addEventListener('storage', onStorage);
  return () => target.removeEventListener('storage', onStorage);
}

export function useSession(): Session | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
}

/** The signed-in user; only for components rendered behind the auth guard. */
export function useUser(): User {
  const session = useSession();
  if (!session) throw new Error('useUser() needs a signed-in user (render it behind the auth guard).');
  return session.user;
}

export const deviceToken = {
  get: (): string | null => safeStorage()?.getItem(DEVICE_KEY) ?? null,
  set: (token: string): void => safeStorage()?.setItem(DEVICE_KEY, token),
};
