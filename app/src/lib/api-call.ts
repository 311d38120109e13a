/**
 * What an API call sent, what it got, and how it failed: the types the API client (./api-client) and the error
 * handling (./api-errors, ./field-errors) share, in a module of their own so neither imports the other.
 */

/** An answer of the API: its body (JSON parsed, or a Blob for a download), status and headers. */
export interface ApiResponse<T> {
  data: T;
  status: number;
  headers: Headers;
}

/** What a call sent, as its error keeps it: what the error handling reads (the token, silent, fields). */
export interface SentRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  silent?: boolean;
  fields?: readonly string[];
}

/**
 * Why a call failed: an answer outside the statuses it accepts (ERR_BAD_RESPONSE, with the answer), or no answer
 * at all: the network failed (ERR_NETWORK), the call's signal cancelled it (ERR_CANCELED), its timeout passed
 * (ETIMEDOUT).
 */
export type ApiErrorCode = 'ERR_BAD_RESPONSE' | 'ERR_NETWORK' | 'ERR_CANCELED' | 'ETIMEDOUT';

/** The messages axios gave these failures, which a toast falls back to when an answer has none of its own. */
const MESSAGES: Record<Exclude<ApiErrorCode, 'ERR_BAD_RESPONSE'>, string> = {
  ERR_NETWORK: 'Network Error',
  ERR_CANCELED: 'canceled',
  ETIMEDOUT: 'timeout exceeded',
};

export class ApiError extends Error {
  readonly code: ApiErrorCode;
  readonly request: SentRequest;
  readonly response: ApiResponse<unknown> | undefined;

  constructor(code: ApiErrorCode, request: SentRequest, response?: ApiResponse<unknown>) {
    super(
      code === 'ERR_BAD_RESPONSE' ? `Request failed with status code ${response?.status}` : MESSAGES[code],
    );
    this.name = 'ApiError';
    this.code = code;
    this.request = request;
    this.response = response;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** A call its own signal cancelled (a query React Query no longer needs): nothing to report. */
export const isCancel = (error: unknown): boolean => isApiError(error) && error.code === 'ERR_CANCELED';

/** The status of the API's answer to a failed call; undefined for a failure without one, or another error. */
export const statusOf = (error: unknown): number | undefined =>
  isApiError(error) ? error.response?.status : undefined;
