// Its own file: a page's chunk is fetched once per module graph, so after another test rendered the schedule
// its prefetch would not run again.
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '@/lib/session';
import { apiUser, fakeApi, gapiAnswer } from '@/testing/portal';
import { preloadPage } from './routes';

describe('preloading at boot', () => {
  // First in the file: each page's chunk (and its prefetch) loads once per module graph.
  it("another role's address fetches nothing of that role's pages: no chunk, no call", async () => {
    const client = sessionStore.signIn(apiUser()).user;
    const calls = fakeApi(() => ({ status: 200, data: { data: {} } }));
    await preloadPage('/coach', client);
    await preloadPage('/coach/clients', client);
    const coach = sessionStore.signIn(apiUser({ role_id: 2 })).user;
    await preloadPage('/metrics', coach);
    await preloadPage('/notes', coach);
    expect(calls.map((c) => c.url)).toEqual([]);
  });

  it("a signed-in user's page asks for its data before anything renders", async () => {
    const { user } = sessionStore.signIn(apiUser());
    const calls = fakeApi((call) =>
      call.url === '/gapi' ? gapiAnswer(call) : { status: 200, data: { data: { meetings: [] } } },
    );
    void preloadPage('/schedule', user);
    await waitFor(() => expect(calls.map((c) => c.url)).toContain('/api/v1/clientportal/schedule/'));
    expect(
      calls.some((c) =>
        String((c.body as { query?: string } | undefined)?.query).includes('lessonMeetingSearch'),
      ),
    ).toBe(true);
  });

  it("a coach's Today asks for its one request before anything renders", async () => {
    const { user } = sessionStore.signIn(apiUser({ role_id: 2 }));
    const calls = fakeApi((call) =>
      call.url === '/gapi' ? gapiAnswer(call) : { status: 200, data: { data: {} } },
    );
    void preloadPage('/coach', user);
    await waitFor(() => expect(calls.map((c) => c.url)).toContain('/api/v1/coach/today'));
  });

  it('the notes and the metrics ask for their data before anything renders too', async () => {
    const { user } = sessionStore.signIn(apiUser());
    const calls = fakeApi(() => ({ status: 200, data: { data: [] } }));
    void preloadPage('/notes', user);
    void preloadPage('/metrics', user);
    await waitFor(() =>
      expect(calls.map((c) => c.url)).toEqual(
        expect.arrayContaining(['/api/v1/clientportal/notes/', '/api/v1/clientportal/metrics/list/']),
      ),
    );
  });
});
