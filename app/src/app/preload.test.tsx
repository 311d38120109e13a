// Its own file: a page's chunk is fetched once per module graph, so after another test rendered the schedule
// its prefetch would not run again.
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '@/lib/session';
import { apiUser, fakeApi, gapiAnswer } from '@/testing/portal';
import { preloadPage } from './routes';

describe('preloading at boot', () => {
  it("a signed-in user's page asks for its data before anything renders", async () => {
    sessionStore.signIn(apiUser());
    const calls = fakeApi((call) =>
      call.url === '/gapi' ? gapiAnswer(call) : { status: 200, data: { data: { meetings: [] } } },
    );
    void preloadPage('/schedule', true);
    await waitFor(() => expect(calls.map((c) => c.url)).toContain('/api/v1/clientportal/schedule/'));
    expect(
      calls.some((c) => String((c.body as { query?: string }).query).includes('lessonMeetingSearch')),
    ).toBe(true);
  });

  it('the notes and the metrics ask for their data before anything renders too', async () => {
    sessionStore.signIn(apiUser());
    const calls = fakeApi(() => ({ status: 200, data: { data: [] } }));
    void preloadPage('/notes', true);
    void preloadPage('/metrics', true);
    await waitFor(() =>
      expect(calls.map((c) => c.url)).toEqual(
        expect.arrayContaining(['/api/v1/clientportal/notes/', '/api/v1/clientportal/metrics/list/']),
      ),
    );
  });
});
