/**
 * Every failed API call passes through here once (the API client, ./api-client): this is the only place error
 * toasts are raised (SPEC §8). Components show success toasts and keep what the user typed.
 */
import { isApiError, isCancel, type SentRequest } from './api-call';
import { unshownFieldErrors } from './field-errors';
import { sessionStore } from './session';
import { notify } from './toast';

export const SESSION_EXPIRED = 'Session Expired';

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * response.data.error (its values joined), else response.data.message, else a refused GraphQL answer's
 * errors[].message (joined: /gapi answers a refusal with its status and no data), else the error itself.
 */
export function errorMessage(error: unknown): string {
  if (isApiError(error) && error.response) {
    const data: unknown = error.response.data;
    if (isRecord(data)) {
      const { error: fields, message, errors } = data;
      if (typeof fields === 'string' && fields) return fields;
      if (isRecord(fields)) {
        const joined = Object.values(fields)
          .flat()
          .filter((v) => typeof v === 'string')
          .join(' ');
        if (joined) return joined;
      }
      if (typeof message === 'string' && message) return message;
      if (Array.isArray(errors)) {
        const joined = errors
          .map((e) => (isRecord(e) ? e.message : undefined))
          .filter((m) => typeof m === 'string' && m)
          .join(' ');
        if (joined) return joined;
      }
    }
  }
  if (error instanceof Error) return error.message;
  try {
    return JSON.stringify(error);
  } catch {
    return String(error);
  }
}

/**
 * 401 / 419 end the session once, however many requests fail together: the first one logs out (which makes
 * sessionStore.get() null at once), the rest find no session with their token and stay silent. A failure for
 * a token that is no longer the current one (a request from before a new login) is ignored the same way.
 */
function expireSession(requestToken: string | undefined, data: unknown): void {
  const session = sessionStore.get();
  if (!session || session.token !== requestToken) return;
  // An account deactivated meanwhile says so, with what to do (the API's message), rather than 'Session Expired'.
  if (isRecord(data) && data.reason === 'deactivated' && typeof data.message === 'string') {
    notify.lasting(data.message);
    sessionStore.logout('deactivated');
    return;
  }
  notify.error(SESSION_EXPIRED);
  sessionStore.logout('expired');
}

function bearerOf(request: SentRequest): string | undefined {
  const value = request.headers.Authorization;
  return value?.startsWith('Bearer ') ? value.slice(7) : undefined;
}

export function handleApiError(error: unknown): void {
  if (isCancel(error)) return;
  if (isApiError(error)) {
    const status = error.response?.status;
    if (status === 401 || status === 419) {
      const token = bearerOf(error.request);
      if (token) return expireSession(token, error.response?.data);
    }
    if (status === 500) {
      console.error('API error', error.request.method, error.request.url, error.response?.data);
      return;
    }
    if (error.request.silent) return;
    if (error.request.fields) {
      // A form that shows its fields' messages beside them: toast only what names no field on it.
      const unshown = unshownFieldErrors(error);
      if (unshown !== null) {
        if (unshown) notify.error(unshown);
        return;
      }
    }
  }
  notify.error(errorMessage(error));
}
