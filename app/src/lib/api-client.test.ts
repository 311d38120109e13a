import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiUser, fakeApi } from '@/testing/portal';
import { statusOf } from './api-call';
import { api, configureApi } from './api-client';
import { fieldErrorsOf } from './field-errors';
import { SESSION_EXPIRED, errorMessage } from './api-errors';
import { gql, graphql } from './gapi';
import { STORAGE_KEYS, sessionStore } from './session';
import { notify } from './toast';
import { onUserChanged } from './user-version';

let toastError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  sessionStore.logout('user');
  localStorage.clear();
  toastError = vi.spyOn(notify, 'error').mockImplementation(() => 'id');
});
afterEach(() => vi.restoreAllMocks());

describe('the API client', () => {
  it('sends the bearer token and the baked tenant id', async () => {
    sessionStore.signIn(apiUser());
    const calls = fakeApi(() => ({ status: 200, data: { data: 1 } }));
    await api.get('/api/v1/me');
    expect(calls[0]!.headers).toMatchObject({ Authorization: 'Bearer token-1', 'X-Tenant-Id': '1001' });
  });

  it('sends GraphQL to /gapi with the token header', async () => {
    sessionStore.signIn(apiUser());
    const calls = fakeApi(() => ({ status: 200, data: { data: { unreademails: 3 } } }));
    await expect(
      gql<number>(
        'unreademails',
        graphql`
          query {
            unreademails(user_id: 7)
          }
        `,
      ),
    ).resolves.toBe(3);
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/gapi', headers: { token: 'token-1' } });
  });
  it('sends a body as JSON and a FormData as it is, after the base address, with the query parameters', async () => {
    const calls = fakeApi(() => ({ status: 200, data: { data: 1 } }));
    configureApi({ apiUrl: 'https://api.example.test/', tenantId: 1001 });
    await api.post('/api/v1/x', { a: 1 }, { params: { page: 2 } });
    const form = new FormData();
    form.append('name', 'plan');
    await api.post('api/v1/files', form);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: 'https://api.example.test/api/v1/x?page=2',
      body: { a: 1 },
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    });
    expect(calls[1]!.url).toBe('https://api.example.test/api/v1/files');
    expect(calls[1]!.body).toBe(form);
    // The browser writes a form's Content-Type, with its boundary.
    expect(calls[1]!.headers['Content-Type']).toBeUndefined();
  });

  it('replaces with PUT, changes with PATCH (JSON bodies) and removes with DELETE (no body)', async () => {
    sessionStore.signIn(apiUser());
    const calls = fakeApi(() => ({ status: 200, data: { data: 1 } }));
    await api.put('/api/v1/coach/availability', { weekly: [] });
    await api.patch('/api/v1/coach/meeting-types/3', { name: 'Intro' });
    await api.delete('/api/v1/coach/calendars/4');
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['PUT', '/api/v1/coach/availability', { weekly: [] }],
      ['PATCH', '/api/v1/coach/meeting-types/3', { name: 'Intro' }],
      ['DELETE', '/api/v1/coach/calendars/4', undefined],
    ]);
    expect(calls[0]!.headers).toMatchObject({
      'Content-Type': 'application/json',
      Authorization: 'Bearer token-1',
    });
    expect(calls[2]!.headers['Content-Type']).toBeUndefined();
  });

  it('answers { data, status, headers }: JSON parsed, a download as a Blob, a status the call accepts', async () => {
    fakeApi((call) =>
      call.url === '/file'
        ? { status: 200, data: new Blob(['a,b\n'], { type: 'text/csv' }) }
        : { status: 409, data: { overlaps: [1] }, headers: { 'x-user-version': 'v1' } },
    );
    const file = await api.get<Blob>('/file', { responseType: 'blob' });
    expect(file.data).toBeInstanceOf(Blob);
    expect(await file.data.text()).toBe('a,b\n');
    const overlap = await api.post<{ overlaps: number[] }>(
      '/meeting',
      {},
      {
        validateStatus: (status) => status === 409,
      },
    );
    expect(overlap).toMatchObject({ status: 409, data: { overlaps: [1] } });
    expect(overlap.headers.get('X-User-Version')).toBe('v1');
  });

  it("reads a refused download's JSON for its message", async () => {
    fakeApi(() => ({ status: 403, data: { message: 'Not your file.' } }));
    const refused = await api.get('/file', { responseType: 'blob' }).catch((e: unknown) => e);
    expect(statusOf(refused)).toBe(403);
    expect(toastError).toHaveBeenCalledWith('Not your file.');
  });

  it('uploads by XMLHttpRequest when the caller follows the progress, with the same headers and errors', async () => {
    sessionStore.signIn(apiUser());
    const calls = fakeApi((call) =>
      call.url === '/upload/mail'
        ? { status: 201, data: { data: { id: 5 } } }
        : { status: 422, data: { error: { file: ['The file type is not allowed.'] } } },
    );
    const fetch = vi.spyOn(globalThis, 'fetch');
    const form = new FormData();
    const progress: number[] = [];
    const sent = await api.post<{ data: { id: number } }>('/upload/mail', form, {
      onUploadProgress: (share) => progress.push(share),
    });
    expect(sent).toMatchObject({ status: 201, data: { data: { id: 5 } } });
    expect(progress).toEqual([1]);
    expect(fetch).not.toHaveBeenCalled();
    expect(calls[0]!.headers).toMatchObject({ Authorization: 'Bearer token-1', 'X-Tenant-Id': '1001' });
    const refused = await api
      .post('/upload/lesson', form, { fields: ['file'], onUploadProgress: () => undefined })
      .catch((e: unknown) => e);
    expect(fieldErrorsOf(refused)).toEqual({ file: 'The file type is not allowed.' });
    expect(toastError).not.toHaveBeenCalled();
  });
});

describe('error toasts (SPEC §8)', () => {
  it('joins the values of response.data.error', async () => {
    fakeApi(() => ({ status: 422, data: { error: { email: ['Bad email.'], password: ['Too short.'] } } }));
    await expect(api.post('/x', {})).rejects.toThrow();
    expect(toastError).toHaveBeenCalledWith('Bad email. Too short.');
  });

  it("leaves out of the toast a 422's messages that the calling form shows beside its fields", async () => {
    const answer = { message: 'Check the form.', error: { email: ['Bad email.'], token: ['Link expired.'] } };
    fakeApi(() => ({ status: 422, data: answer }));
    const shown = await api.post('/x', {}, { fields: ['email'] }).catch((e: unknown) => e);
    expect(fieldErrorsOf(shown)).toEqual({ email: 'Bad email.' });
    // Only what no field on the form shows is said in a toast.
    expect(toastError).toHaveBeenCalledTimes(1);
    expect(toastError).toHaveBeenCalledWith('Link expired.');
    toastError.mockClear();
    await expect(api.post('/x', {}, { fields: ['email', 'token'] })).rejects.toThrow();
    expect(toastError).not.toHaveBeenCalled();
    // A form without fields of its own gets no field errors, and the toast says everything.
    const unclaimed = await api.post('/x', {}).catch((e: unknown) => e);
    expect(fieldErrorsOf(unclaimed)).toEqual({});
    expect(toastError).toHaveBeenCalledWith('Bad email. Link expired.');
  });

  it('falls back to response.data.message, then to the error itself', async () => {
    fakeApi(() => ({ status: 429, data: { message: 'Too many attempts.' } }));
    await expect(api.get('/x')).rejects.toThrow();
    expect(toastError).toHaveBeenLastCalledWith('Too many attempts.');
    expect(errorMessage(new Error('Network Error'))).toBe('Network Error');
  });

  it('reads a refused GraphQL answer (a 4xx with errors[]) for its messages', async () => {
    sessionStore.signIn(apiUser());
    fakeApi(() => ({
      status: 422,
      data: { data: null, errors: [{ message: 'The subject is too long.' }, { message: 'Too many files.' }] },
    }));
    await expect(
      gql(
        'sendEmail',
        graphql`
          mutation {
            sendEmail(user_id: 7) {
              id
            }
          }
        `,
      ),
    ).rejects.toThrow();
    expect(toastError).toHaveBeenCalledWith('The subject is too long. Too many files.');
  });

  it("leaves out of the toast a GraphQL 422's messages whose argument the calling form shows", async () => {
    sessionStore.signIn(apiUser());
    const refusal = (field: string, message: string) => ({
      message,
      extensions: { code: 'BAD_USER_INPUT', field },
    });
    fakeApi(() => ({
      status: 422,
      data: { data: null, errors: [refusal('subject', 'Write a subject.'), refusal('previous', 'Gone.')] },
    }));
    const mutation = graphql`
      mutation {
        sendEmail(user_id: 7) {
          id
        }
      }
    `;
    const shown = await gql('sendEmail', mutation, {}, { fields: ['subject', 'body'] }).catch(
      (e: unknown) => e,
    );
    expect(fieldErrorsOf(shown)).toEqual({ subject: 'Write a subject.' });
    expect(toastError).toHaveBeenCalledTimes(1);
    expect(toastError).toHaveBeenCalledWith('Gone.');
    toastError.mockClear();
    await expect(gql('sendEmail', mutation, {}, { fields: ['subject', 'previous'] })).rejects.toThrow();
    expect(toastError).not.toHaveBeenCalled();
  });

  it("toasts an outage's 503 with the API's message, so the user knows to try again", async () => {
    const message = 'The service is temporarily unavailable. Please try again in a few seconds.';
    fakeApi(() => ({ status: 503, data: { message } }));
    await expect(api.post('/x', {})).rejects.toThrow();
    expect(toastError).toHaveBeenCalledWith(message);
  });

  it('only logs a 500 to the console', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fakeApi(() => ({ status: 500, data: { message: 'Something went wrong' } }));
    await expect(api.get('/x')).rejects.toThrow();
    expect(toastError).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalled();
  });

  it('ignores a cancelled request silently', async () => {
    fakeApi(() => ({ status: 200, data: {} }));
    const controller = new AbortController();
    controller.abort();
    await expect(api.get('/x', { signal: controller.signal })).rejects.toThrow();
    expect(toastError).not.toHaveBeenCalled();
  });

  it('says Network Error when the API cannot be reached, and gives up on a call past its timeout', async () => {
    fakeApi((call) => {
      if (call.url === '/down') throw new TypeError('Failed to fetch');
      return new Promise(() => undefined); // never answers
    });
    await expect(api.get('/down')).rejects.toThrow('Network Error');
    expect(toastError).toHaveBeenCalledWith('Network Error');
    const late = await api.get('/slow', { timeout: 10, silent: true }).catch((e: unknown) => e);
    expect(late).toMatchObject({ code: 'ETIMEDOUT', response: undefined });
    expect(toastError).toHaveBeenCalledTimes(1);
  });
});

describe('401 and 419', () => {
  it('end the session once however many requests fail together', async () => {
    sessionStore.signIn(apiUser());
    const onLogout = vi.fn();
    const off = sessionStore.onLogout(onLogout);
    let n = 0;
    fakeApi(() => ({ status: n++ % 2 ? 419 : 401, data: { message: 'Unauthenticated.' } }));
    const results = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => api.get(`/api/v1/x/${i}`)));
    off();
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(toastError).toHaveBeenCalledTimes(1);
    expect(toastError).toHaveBeenCalledWith(SESSION_EXPIRED);
    expect(onLogout).toHaveBeenCalledTimes(1);
    expect(onLogout).toHaveBeenCalledWith('expired');
    expect(sessionStore.get()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('do not end a newer session for an answer to an older token', async () => {
    sessionStore.signIn(apiUser());
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const calls = fakeApi(async () => {
      await gate;
      return { status: 401, data: { message: 'Unauthenticated.' } };
    });
    const stale = api.get('/api/v1/x');
    await vi.waitFor(() => expect(calls).toHaveLength(1)); // sent with token-1
    sessionStore.signIn(apiUser({ access_token: 'token-2', pas_token: 'token-2' }));
    release();
    await expect(stale).rejects.toThrow();
    expect(sessionStore.get()?.token).toBe('token-2');
  });

  it('on a signed-out call (a wrong password) are an ordinary error toast', async () => {
    fakeApi(() => ({ status: 401, data: { message: 'These credentials do not match our records.' } }));
    await expect(api.post('/api/auth/loginotp', {})).rejects.toThrow();
    expect(toastError).toHaveBeenCalledWith('These credentials do not match our records.');
  });
});

describe('a session ended by a deactivation', () => {
  it('says why and what to do, in a toast that stays, instead of Session Expired', async () => {
    sessionStore.signIn(apiUser());
    const lasting = vi.spyOn(notify, 'lasting').mockImplementation(() => 'id');
    const onLogout = vi.fn();
    const off = sessionStore.onLogout(onLogout);
    const message =
      'This account has been deactivated. Ask your coaching team to reactivate it if you need it again.';
    fakeApi(() => ({ status: 401, data: { message, reason: 'deactivated' } }));
    await expect(api.get('/api/v1/me')).rejects.toThrow();
    off();
    expect(lasting).toHaveBeenCalledWith(message);
    expect(toastError).not.toHaveBeenCalled();
    expect(onLogout).toHaveBeenCalledWith('deactivated');
    expect(sessionStore.get()).toBeNull();
  });
});

describe("the user's version (X-User-Version)", () => {
  it('tells the shell the user changed when an answer carries a new version, not on the first one', async () => {
    sessionStore.signIn(apiUser());
    const changed = vi.fn();
    const off = onUserChanged(changed);
    let version = 'v1';
    fakeApi(() => ({ status: 200, data: { data: 1 }, headers: { 'x-user-version': version } }));
    await api.get('/api/v1/me');
    await api.get('/api/v1/x');
    expect(changed).not.toHaveBeenCalled();
    version = 'v2';
    await api.get('/api/v1/x');
    await api.get('/api/v1/x');
    expect(changed).toHaveBeenCalledTimes(1);
    // An error answer carries it too; a new sign-in starts from no version.
    version = 'v3';
    fakeApi(() => ({ status: 404, data: { message: 'Not found.' }, headers: { 'x-user-version': version } }));
    await expect(api.get('/api/v1/x', { silent: true })).rejects.toThrow();
    expect(changed).toHaveBeenCalledTimes(2);
    sessionStore.logout('user');
    sessionStore.signIn(apiUser());
    await expect(api.get('/api/v1/x', { silent: true })).rejects.toThrow();
    expect(changed).toHaveBeenCalledTimes(2);
    off();
  });
});
