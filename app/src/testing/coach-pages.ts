/**
 * The coach's authoring screens' tests: a signed-in coach, and an API that answers /gapi (the shell's unread
 * count) and what the test's route answers, else 404.
 */
import { sessionStore } from '@/lib/session';
import { apiUser, fakeApi, gapiAnswer, type FakeCall } from './portal';

export function signInCoach(): void {
  sessionStore.logout('user');
  localStorage.clear();
  sessionStore.signIn(apiUser({ role_id: 2, email: 'coach@demo.test', time_zone: 'America/Los_Angeles' }));
}

export function coachApi(route: (call: FakeCall) => { status: number; data?: unknown } | undefined) {
  return fakeApi((call) => {
    if (call.url === '/gapi') return gapiAnswer(call);
    return route(call) ?? { status: 404, data: { message: 'Not found.' } };
  });
}
