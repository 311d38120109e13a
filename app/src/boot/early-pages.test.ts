// What index.html's inline script (cli/src/lib/bake/early-data.ts, whose own tests run it) leaves for the app
// from this table: each call's answer under its key. The pages' own query functions then find theirs and ask
// the server nothing more: the table's calls are the ones the app makes.
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { todayQueryOptions } from '@/features/coach-today/api/get-today';
import { scheduleQueryOptions } from '@/features/schedule/api/get-schedule';
import { earlyKey } from '@/lib/early-answers';
import { lessonMeetingsQueryOptions } from '@/lib/lesson-meetings';
import { sessionStore } from '@/lib/session';
import { apiUser, fakeApi } from '@/testing/portal';
import { earlyPages } from './early-pages';

const answers: Record<string, unknown> = {
  '/api/v1/clientportal/schedule/': { data: { time_zone: null, upcoming: [], past: [{ id: 9 }] } },
  '/gapi': { data: { lessonMeetingSearch: [{ id: 4, title: 'Early' }] } },
  '/api/v1/coach/today': { data: { date: '2026-01-02' } },
};
let status: number;

/** The early answers for `page`, sent with the signed-in user's token and id, as the inline script sends them. */
function loadIndex(page: string): void {
  const { userMark, pages } = earlyPages();
  const { token, user } = sessionStore.get()!;
  window.portalEarly = pages[page]!.requests.map((request) => {
    const body = request.body.split(userMark).join(String(user.id));
    const answer = { status, body: JSON.stringify(answers[request.url]) };
    return { key: earlyKey(request.method, request.url, body), token, answer: Promise.resolve(answer) };
  });
}

beforeEach(() => {
  status = 200;
  sessionStore.logout('user');
  delete window.portalEarly;
});

describe("a page's first data sent by index.html", () => {
  it("/schedule's two lists are taken from the early answers, each once", async () => {
    sessionStore.signIn(apiUser({ id: 42 }));
    loadIndex('/schedule');
    const calls = fakeApi(() => ({ status: 200, data: { data: { upcoming: [], past: [] } } }));
    const client = new QueryClient();
    await expect(client.fetchQuery(scheduleQueryOptions())).resolves.toMatchObject({ past: [{ id: 9 }] });
    await expect(client.fetchQuery(lessonMeetingsQueryOptions(42))).resolves.toEqual([
      { id: 4, title: 'Early' },
    ]);
    expect(calls).toEqual([]);
    // Taken: the next call asks the server.
    await scheduleQueryOptions().queryFn!({} as never);
    expect(calls.map((c) => c.url)).toEqual(['/api/v1/clientportal/schedule/']);
  });

  it("a coach's Today is taken from its early answer", async () => {
    sessionStore.signIn(apiUser({ id: 5, role_id: 2 }));
    loadIndex('/coach');
    const calls = fakeApi(() => ({ status: 200, data: { data: {} } }));
    await expect(new QueryClient().fetchQuery(todayQueryOptions())).resolves.toEqual({ date: '2026-01-02' });
    expect(calls).toEqual([]);
  });

  it('a refused early call is asked again by the app, whose error handling then sees it', async () => {
    sessionStore.signIn(apiUser({ id: 5, role_id: 2 }));
    status = 401;
    loadIndex('/coach');
    const calls = fakeApi(() => ({ status: 200, data: { data: { date: 'from the server' } } }));
    await expect(new QueryClient().fetchQuery(todayQueryOptions())).resolves.toEqual({
      date: 'from the server',
    });
    expect(calls.map((c) => c.url)).toEqual(['/api/v1/coach/today']);
  });

  it("another session's early answer is not taken", async () => {
    sessionStore.signIn(apiUser({ id: 5, role_id: 2 }));
    loadIndex('/coach');
    sessionStore.signIn(apiUser({ id: 5, role_id: 2, access_token: 'token-2', pas_token: 'token-2' }));
    const calls = fakeApi(() => ({ status: 200, data: { data: { date: 'from the server' } } }));
    await new QueryClient().fetchQuery(todayQueryOptions());
    expect(calls.map((c) => c.url)).toEqual(['/api/v1/coach/today']);
  });
});
