/**
 * Every failed API call passes through here once (the axios response interceptor): this is the only place
 * error toasts are raised (SPEC §8). Components show success toasts and keep what the user typed.
 */
import { isAxiosError, isCancel } from 'axios';
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
  if (isAxiosError(error) && error.response) {
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

function bearerOf(headers: unknown): string | undefined {
  const get = (headers as { get?: (name: string) => unknown } | undefined)?.get;
  const value = typeof get === 'function' ? get.call(headers, 'Authorization') : undefined;
  return typeof value === 'string' && value.startsWith('Bearer ') ? value.slice(7) : undefined;
}

export function handleApiError(error: unknown): void {
  if (isCancel(error)) return;
  if (isAxiosError(error)) {
    const status = error.response?.status;
    if (status === 401 || status === 419) {
      const token = bearerOf(error.config?.headers);
      if (token) return expireSession(token, error.response?.data);
    }
    if (status === 500) {
      console.error(
        'API error',
        error.config?.method?.toUpperCase(),
        error.config?.url,
        error.response?.data,
      );
      return;
    }
    if (error.config?.silent) return;
    if (error.config?.fields) {
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
