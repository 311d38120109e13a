/**
 * The one axios instance every call goes through: the tenant's API URL, the bearer token of the session and
 * the baked tenant id in X-Tenant-Id (DESIGN.md's contract). Errors are reported once by handleApiError.
 */
import axios, { AxiosHeaders, getAdapter, isAxiosError, type AxiosResponse } from 'axios';
import { handleApiError } from './api-errors';
import { earlyKey, takeEarlyAnswer } from './early-answers';
import { sessionStore } from './session';
import { noteUserVersion } from './user-version';

declare module 'axios' {
  interface AxiosRequestConfig {
    /**
     * Calls that must not raise error toasts: background calls (polling), and a page's own subject whose
     * failure the page explains itself (a locked lesson). 401 / 419 still end the session.
     */
    silent?: boolean;
    /**
     * The body fields whose 422 messages the calling form shows next to their controls (lib/field-errors.ts):
     * the error toast leaves those out rather than say them twice.
     */
    fields?: readonly string[];
  }
}

export const api = axios.create({ headers: { Accept: 'application/json' } });

export function configureApi(options: { apiUrl: string; tenantId: number }): void {
  api.defaults.baseURL = options.apiUrl;
  api.defaults.headers.common['X-Tenant-Id'] = String(options.tenantId);
}

api.interceptors.request.use((config) => {
  const token = sessionStore.get()?.token;
  if (token && !config.headers.has('Authorization')) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});

// A call index.html already sent (./early-answers) is answered from there: the adapter of this one call
// waits for that answer and asks the server only when there is none to take.
api.interceptors.request.use((config) => {
  const token = sessionStore.get()?.token;
  const { method, url, data } = config;
  // Only a body axios sends as JSON can match (an upload's FormData never does).
  const json = data === undefined || Object.getPrototypeOf(data) === Object.prototype;
  if (!token || !method || !url || !json) return config;
  const early = takeEarlyAnswer(earlyKey(method, url, data === undefined ? '' : JSON.stringify(data)), token);
  if (!early) return config;
  const network = getAdapter(config.adapter ?? api.defaults.adapter);
  config.adapter = async (request) => {
    const answer = await early;
    if (!answer) return network(request);
    const headers = new AxiosHeaders({ 'Content-Type': 'application/json' });
    return {
      data: answer.body,
      status: answer.status,
      statusText: '',
      headers,
      config: request,
      request: null,
    };
  };
  return config;
});

/** The user's version an answer to the current session carries (a call from before a new sign-in is not). */
function noteVersion(response: AxiosResponse | undefined): void {
  const session = sessionStore.get();
  const sent = response?.config.headers.get('Authorization');
  if (!session || sent !== `Bearer ${session.token}`) return;
  noteUserVersion(response?.headers['x-user-version']);
}

api.interceptors.response.use(
  (response) => {
    noteVersion(response);
    return response;
  },
  (error: unknown) => {
    if (isAxiosError(error)) noteVersion(error.response);
    handleApiError(error);
    return Promise.reject(error);
  },
);

/** The { data } envelope of every REST answer (DESIGN.md). */
export interface Envelope<T> {
  data: T;
  message?: string;
}
