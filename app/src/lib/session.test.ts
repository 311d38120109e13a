import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiUser, storeSession } from '@/testing/portal';
import { decode, encode } from './cipher';
import { STORAGE_KEYS, deviceToken, followOtherTabs, sessionStore } from './session';

beforeEach(() => {
  sessionStore.logout('user');
  localStorage.clear();
});

describe('restoring the stored session (SPEC §4)', () => {
  it('restores a stored session and marks the user logged in', () => {
    storeSession();
    expect(sessionStore.restore()).toBe(true);
    expect(sessionStore.get()?.user.email).toBe('client@demo.test');
    expect(sessionStore.get()?.token).toBe('token-1');
  });

  it('logs out when the stored user cannot be read', () => {
    storeSession();
    localStorage.setItem(STORAGE_KEYS.user, 'garbage!!');
    expect(sessionStore.restore()).toBe(false);
    expect(sessionStore.get()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it("logs out when the user's pas_token differs from the stored token", () => {
    storeSession();
    localStorage.setItem(STORAGE_KEYS.token, 'someone-else');
    expect(sessionStore.restore()).toBe(false);
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });

  it('falls back to the backup token when the token key alone is gone', () => {
    storeSession();
    localStorage.removeItem(STORAGE_KEYS.token);
    expect(sessionStore.restore()).toBe(true);
  });
});

describe('signing in and out', () => {
  it('stores the token, the backup token and the encoded user with only the SPEC §3 fields', () => {
    sessionStore.signIn(apiUser({ password_hash: 'x', secret_note: 'y' }));
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('token-1');
    expect(localStorage.getItem(STORAGE_KEYS.backupToken)).toBe('token-1');
    const raw = localStorage.getItem(STORAGE_KEYS.user)!;
    expect(raw).not.toContain('Rachel');
    const stored = decode(raw) as Record<string, unknown>;
    expect(stored.first_name).toBe('Rachel');
    expect(stored).not.toHaveProperty('password_hash');
    expect(stored).not.toHaveProperty('secret_note');
  });

  it('clears the session keys and notifies listeners on logout, but keeps the trusted-device token', () => {
    deviceToken.set('device-1');
    sessionStore.signIn(apiUser());
    const onLogout = vi.fn();
    const off = sessionStore.onLogout(onLogout);
    sessionStore.logout('user');
    off();
    expect(onLogout).toHaveBeenCalledWith('user');
    expect(sessionStore.get()).toBeNull();
    for (const key of Object.values(STORAGE_KEYS)) expect(localStorage.getItem(key)).toBeNull();
    expect(deviceToken.get()).toBe('device-1');
  });

  it('never takes token fields from a profile change', () => {
    sessionStore.signIn(apiUser());
    sessionStore.updateUser({ first_name: 'Rae', access_token: 'evil' } as never);
    expect(sessionStore.get()?.user.first_name).toBe('Rae');
    expect(sessionStore.restore()).toBe(true);
    expect(sessionStore.get()?.user.first_name).toBe('Rae');
  });
});

describe('other tabs', () => {
  let stop: () => void;
  afterEach(() => stop());

  it('follows a logout in another tab', () => {
    sessionStore.signIn(apiUser());
    stop = followOtherTabs();
    localStorage.clear(); // what the other tab did
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.token, newValue: null }));
    expect(sessionStore.get()).toBeNull();
  });

  it('follows a login in another tab', () => {
    stop = followOtherTabs();
    const user = apiUser({ access_token: 'token-2', pas_token: 'token-2' });
    localStorage.setItem(STORAGE_KEYS.token, 'token-2');
    localStorage.setItem(STORAGE_KEYS.user, encode(user));
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.user, newValue: 'x' }));
    expect(sessionStore.get()?.token).toBe('token-2');
  });
});

describe('a session left idle while the page was closed', () => {
  it('is not restored when the last activity is an hour old', () => {
    storeSession();
    localStorage.setItem('portal.activity', String(Date.now() - 3_600_000 - 1));
    expect(sessionStore.restore()).toBe(false);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('is restored when the last activity is recent', () => {
    storeSession();
    localStorage.setItem('portal.activity', String(Date.now() - 60_000));
    expect(sessionStore.restore()).toBe(true);
  });
});
