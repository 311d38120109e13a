import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { api } from '@/lib/api-client';
import { sessionStore, useUser } from '@/lib/session';
import { apiUser, fakeApi } from '@/testing/portal';
import { useFreshUser } from './use-fresh-user';

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
);

beforeEach(() => {
  sessionStore.logout('user');
  localStorage.clear();
});

describe('useFreshUser', () => {
  it("takes a coach's new zone (an admin's change) as soon as an answer's X-User-Version changes", async () => {
    sessionStore.signIn(apiUser({ role_id: 2, time_zone: 'Europe/London' }));
    let version = 'v1';
    const calls = fakeApi((call) => ({
      status: 200,
      headers: { 'x-user-version': version },
      data: {
        data: call.url === '/api/v1/me' ? { ...apiUser({ role_id: 2 }), time_zone: 'Asia/Kolkata' } : 1,
      },
    }));
    renderHook(
      () => {
        const user = useUser();
        useFreshUser(user);
      },
      { wrapper },
    );
    await api.get('/api/v1/coach/today');
    expect(calls.map((c) => c.url)).toEqual(['/api/v1/coach/today']);
    version = 'v2';
    await api.get('/api/v1/coach/today');
    await waitFor(() => expect(sessionStore.get()?.user.time_zone).toBe('Asia/Kolkata'));
    expect(calls.map((c) => c.url)).toContain('/api/v1/me');
  });

  it('reads the user again when the window gets the focus back', async () => {
    sessionStore.signIn(apiUser({ role_id: 1, company_id: null }));
    const calls = fakeApi(() => ({
      status: 200,
      data: { data: { ...apiUser({ role_id: 1 }), company_id: 12 } },
    }));
    renderHook(() => useFreshUser(useUser()), { wrapper });
    window.dispatchEvent(new Event('focus'));
    await waitFor(() => expect(sessionStore.get()?.user.company_id).toBe(12));
    expect(calls.map((c) => c.url)).toEqual(['/api/v1/me']);
  });
});
