// What index.html's inline script (cli/src/lib/bake/early-data.ts, whose own tests run it) leaves for the app
// from this table: each call's answer under its key. The pages' own query functions then find theirs and ask
// the server nothing more: the table's calls are the ones the app makes.
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { FIRST_PEOPLE, peopleQueryOptions } from '@/features/admin-people/api/get-people';
import { FIRST_CLIENTS, clientsQueryOptions } from '@/features/coach-clients/api/get-clients';
import { todayQueryOptions } from '@/features/coach-today/api/get-today';
import { groupsQueryOptions } from '@/features/groups/api/get-groups';
import { folderQueryOptions } from '@/features/messages/api/get-emails';
import { scheduleQueryOptions } from '@/features/schedule/api/get-schedule';
import { earlyKey } from '@/lib/early-answers';
import { lessonMeetingsQueryOptions } from '@/lib/lesson-meetings';
import { sessionStore } from '@/lib/session';
import { apiUser, fakeApi } from '@/testing/portal';
import { earlyPages } from './early-pages';

const answers: Record<string, unknown> = {
  '/api/v1/clientportal/schedule/': { data: { time_zone: null, upcoming: [], past: [{ id: 9 }] } },
  // One answer for every page's GraphQL call: each query function reads only its own field.
  '/gapi': {
    data: {
      lessonMeetingSearch: [{ id: 4, title: 'Early' }],
      group: [{ id: 6, title: 'Early group' }],
      emails: { items: [{ id: 8 }], total: 1, next_offset: null },
    },
  },
  '/api/v1/coach/today': { data: { date: '2026-01-02' } },
  '/api/v1/coach/clients?sort=name&order=asc': { data: [{ id: 3 }] },
  '/api/v1/admin/people?page=1&per_page=25': { data: [{ id: 2 }], total: 1 },
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

  it("a client's groups and inbox are taken from their early answers", async () => {
    sessionStore.signIn(apiUser({ id: 42 }));
    const calls = fakeApi(() => ({ status: 200, data: { data: {} } }));
    loadIndex('/groups');
    await expect(new QueryClient().fetchQuery(groupsQueryOptions(42))).resolves.toEqual([
      { id: 6, title: 'Early group' },
    ]);
    // /messages opens the inbox: either address asks for its first page.
    for (const page of ['/messages', '/messages/inbox']) {
      loadIndex(page);
      const inbox = await new QueryClient().fetchInfiniteQuery(folderQueryOptions(42, 'inbox'));
      expect(inbox.pages[0]!.items).toEqual([{ id: 8 }]);
    }
    expect(calls).toEqual([]);
  });

  it("a coach's client list and an admin's people are taken from their early answers, as first shown", async () => {
    sessionStore.signIn(apiUser({ id: 5, role_id: 2 }));
    const calls = fakeApi(() => ({ status: 200, data: { data: [] } }));
    loadIndex('/coach/clients');
    await expect(new QueryClient().fetchQuery(clientsQueryOptions(FIRST_CLIENTS))).resolves.toEqual({
      data: [{ id: 3 }],
    });
    expect(calls).toEqual([]);
    // Another list (a search, a sort) is not the early one: the server is asked.
    await new QueryClient().fetchQuery(clientsQueryOptions({ ...FIRST_CLIENTS, sort: 'company' }));
    expect(calls.map((c) => c.url)).toEqual(['/api/v1/coach/clients?sort=company&order=asc']);

    sessionStore.signIn(apiUser({ id: 1, role_id: 1 }));
    loadIndex('/admin');
    await expect(new QueryClient().fetchQuery(peopleQueryOptions(FIRST_PEOPLE))).resolves.toEqual({
      data: [{ id: 2 }],
      total: 1,
    });
    expect(calls).toHaveLength(1);
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
