/**
 * The one client every REST call goes through, on fetch: the tenant's API URL, the bearer token of the session
 * and the baked tenant id in X-Tenant-Id (DESIGN.md's contract). A call resolves its answer ({ data, status,
 * headers }) or rejects with an ApiError (./api-call), which handleApiError reports once. It replaced axios,
 * which was about 19 KB gzip of main.js and whose header handling cost about 60 ms a load on a slow phone.
 */
import { ApiError, type ApiErrorCode, type ApiResponse, type SentRequest } from './api-call';
import { handleApiError } from './api-errors';
import { earlyKey, takeEarlyAnswer } from './early-answers';
import { sessionStore } from './session';
import { noteUserVersion } from './user-version';

export interface RequestOptions {
  signal?: AbortSignal;
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
  headers?: Record<string, string>;
  /** Query parameters, added to the url. */
  params?: Record<string, string | number>;
  /** 'blob' for a file: a success's body as a Blob (a refusal's is still read for the API's message). */
  responseType?: 'json' | 'blob';
  /** Milliseconds before the call gives up, as if the API could not be reached. */
  timeout?: number;
  /** The statuses that are answers, not errors: 2xx, unless the caller reads another (a meeting's 409). */
  validateStatus?: (status: number) => boolean;
  /** A call that must outlive the page (fetch's keepalive): the last analytics batch as a lesson is left. */
  keepalive?: boolean;
  /**
   * The share of the body sent so far, 0 to 1, for an upload's progress bar. fetch cannot report it, so such a
   * call goes by XMLHttpRequest.
   */
  onUploadProgress?: (share: number) => void;
}

/** What came back: the status, the headers and the body (a Blob only for a download's success). */
interface Raw {
  status: number;
  headers: Headers;
  body: string | Blob;
}

type Body = string | FormData | undefined;

let baseUrl = '';
let tenantId = '';

export function configureApi(options: { apiUrl: string; tenantId: number }): void {
  baseUrl = options.apiUrl;
  tenantId = String(options.tenantId);
}

/** Where `url` goes: after the API's base address unless it is absolute, with `params` as its query. */
function apiUrl(url: string, params: Record<string, string | number> = {}): string {
  const full =
    !baseUrl || /^([a-z][a-z\d+.-]*:)?\/\//i.test(url)
      ? url
      : `${baseUrl.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
  const query = new URLSearchParams(
    Object.entries(params).map(([name, value]) => [name, String(value)]),
  ).toString();
  return query ? `${full}${full.includes('?') ? '&' : '?'}${query}` : full;
}

/** A JSON answer's value; a body that is not JSON (an empty 204, a text) as it came, as axios gave it. */
function parse(text: string): unknown {
  try {
    return text ? JSON.parse(text) : text;
  } catch {
    return text;
  }
}

const is2xx = (status: number) => status >= 200 && status < 300;

/** The call by fetch. The caller's signal and the timeout abort it; which one did, if any, is the error's code. */
async function viaFetch(request: SentRequest, body: Body, options: RequestOptions): Promise<Raw> {
  const { signal, timeout } = options;
  const controller = new AbortController();
  let code: ApiErrorCode = 'ERR_NETWORK';
  const stop = (why: ApiErrorCode) => {
    code = why;
    controller.abort();
  };
  const cancel = () => stop('ERR_CANCELED');
  if (signal?.aborted) cancel();
  signal?.addEventListener('abort', cancel);
  const timer = timeout === undefined ? undefined : setTimeout(() => stop('ETIMEDOUT'), timeout);
  try {
    const response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body,
      signal: controller.signal,
      keepalive: options.keepalive,
    });
    const blob = options.responseType === 'blob' && (options.validateStatus ?? is2xx)(response.status);
    return {
      status: response.status,
      headers: response.headers,
      body: blob ? await response.blob() : await response.text(),
    };
  } catch {
    throw new ApiError(code, request);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', cancel);
  }
}

/** `Name: value` lines of XMLHttpRequest's getAllResponseHeaders() as Headers. */
function headersOf(lines: string): Headers {
  const headers = new Headers();
  for (const line of lines.split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** The call by XMLHttpRequest, for the upload progress fetch cannot report. */
function viaXhr(request: SentRequest, body: Body, options: RequestOptions): Promise<Raw> {
  const { signal, onUploadProgress } = options;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const cancel = () => xhr.abort();
    xhr.open(request.method, request.url);
    for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => onUploadProgress?.(event.total ? event.loaded / event.total : 0);
    xhr.onload = () =>
      resolve({
        status: xhr.status,
        headers: headersOf(xhr.getAllResponseHeaders()),
        body: xhr.responseText,
      });
    xhr.onerror = () => reject(new ApiError('ERR_NETWORK', request));
    xhr.onabort = () => reject(new ApiError('ERR_CANCELED', request));
    xhr.onloadend = () => signal?.removeEventListener('abort', cancel);
    signal?.addEventListener('abort', cancel);
    if (signal?.aborted) cancel();
    else xhr.send(body ?? null);
  });
}

/**
 * A call index.html already sent (./early-answers), for this session and with the same JSON body, is answered
 * from there: the network is asked only when there is none to take.
 */
async function send(path: string, request: SentRequest, body: Body, options: RequestOptions): Promise<Raw> {
  const token = sessionStore.get()?.token;
  const early =
    token && !(body instanceof FormData)
      ? takeEarlyAnswer(earlyKey(request.method, path, body ?? ''), token)
      : null;
  const answer = await early;
  if (answer) return { ...answer, headers: new Headers({ 'Content-Type': 'application/json' }) };
  return (options.onUploadProgress ? viaXhr : viaFetch)(request, body, options);
}

/** The user's version an answer to the current session carries (a call from before a new sign-in is not). */
function noteVersion(request: SentRequest, headers: Headers): void {
  const session = sessionStore.get();
  if (session && request.headers.Authorization === `Bearer ${session.token}`)
    noteUserVersion(headers.get('x-user-version'));
}

async function call<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  data: unknown,
  options: RequestOptions = {},
): Promise<ApiResponse<T>> {
  const token = sessionStore.get()?.token;
  // A form goes as it is (the browser writes its Content-Type, with the boundary); anything else as JSON.
  const body = data === undefined || data instanceof FormData ? data : JSON.stringify(data);
  const request: SentRequest = {
    method,
    url: apiUrl(path, options.params),
    headers: {
      Accept: 'application/json',
      'X-Tenant-Id': tenantId,
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(typeof body === 'string' ? { 'Content-Type': 'application/json' } : {}),
      ...options.headers,
    },
    silent: options.silent,
    fields: options.fields,
  };
  try {
    const raw = await send(path, request, body, options);
    noteVersion(request, raw.headers);
    const response: ApiResponse<T> = {
      data: (typeof raw.body === 'string' ? parse(raw.body) : raw.body) as T,
      status: raw.status,
      headers: raw.headers,
    };
    if ((options.validateStatus ?? is2xx)(raw.status)) return response;
    throw new ApiError('ERR_BAD_RESPONSE', request, response);
  } catch (error) {
    handleApiError(error);
    throw error;
  }
}

/**
 * The API's calls: `api.get<T>(url, options)`, `api.post<T>(url, body, options)`; the booking routes also
 * replace a whole (`put`), change some fields (`patch`) and remove (`delete`; with a body where the thing removed is
 * named by a value that must stay out of URLs and their logs, as a push subscription's endpoint).
 */
export const api = {
  get: <T = unknown>(url: string, options?: RequestOptions) => call<T>('GET', url, undefined, options),
  post: <T = unknown>(url: string, data?: unknown, options?: RequestOptions) =>
    call<T>('POST', url, data, options),
  put: <T = unknown>(url: string, data: unknown, options?: RequestOptions) =>
    call<T>('PUT', url, data, options),
  patch: <T = unknown>(url: string, data: unknown, options?: RequestOptions) =>
    call<T>('PATCH', url, data, options),
  delete: <T = unknown>(url: string, options?: RequestOptions, data?: unknown) =>
    call<T>('DELETE', url, data, options),
};

/** The { data } envelope of every REST answer (DESIGN.md). */
export interface Envelope<T> {
  data: T;
  message?: string;
}
