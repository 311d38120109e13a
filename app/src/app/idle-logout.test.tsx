import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDLE_LOGGED_OUT, IDLE_TIMEOUT_MS } from '@/lib/idle';
import { sessionStore } from '@/lib/session';
import { notify } from '@/lib/toast';
import { apiUser, fakeApi } from '@/testing/portal';
import { IdleLogout } from './idle-logout';

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-21T09:00:00Z') });
  localStorage.clear();
  sessionStore.signIn(apiUser());
  fakeApi(() => ({ status: 200, data: { data: { logout: true } } }));
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  sessionStore.logout('user');
});

describe('the idle warning', () => {
  it("offers 'Stay signed in' a minute before, which keeps the session", () => {
    render(<IdleLogout />);
    act(() => void vi.advanceTimersByTime(IDLE_TIMEOUT_MS - 30_000));
    const stay = screen.getByRole('button', { name: 'Stay signed in' });
    expect(screen.getByRole('alertdialog')).toHaveTextContent('signed out in 30 seconds');
    expect(stay).toHaveFocus();
    act(() => stay.click());
    expect(screen.queryByRole('alertdialog')).toBeNull();
    act(() => void vi.advanceTimersByTime(60_000));
    expect(sessionStore.get()).not.toBeNull();
  });

  it('logs out when nobody answers', async () => {
    const info = vi.spyOn(notify, 'info').mockImplementation(() => 'id');
    render(<IdleLogout />);
    await act(async () => void (await vi.advanceTimersByTimeAsync(IDLE_TIMEOUT_MS + 1000)));
    expect(info).toHaveBeenCalledWith(IDLE_LOGGED_OUT);
    expect(sessionStore.get()).toBeNull();
  });
});
