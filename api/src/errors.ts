import { isDatabaseUnavailable } from './db/unavailable.js';

// Errors the services throw on purpose. The error handler turns them into the contract's shapes: { message }
// with the status, or { error: { field: [...] } } with 422. Anything else is a bug and becomes a generic 500.
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly retryAfterSeconds?: number,
    /** Why, for the app to act on (a word, answered beside the message): a 401's `deactivated`. */
    readonly reason?: string,
  ) {
    super(message);
  }
}

export class FieldError extends Error {
  readonly statusCode = 422;
  constructor(readonly fields: Record<string, string[]>) {
    super('The given data was invalid.');
  }
}

export const tooMany = (seconds: number, what = 'attempts'): HttpError =>
  new HttpError(429, `Too many ${what}. Try again in ${seconds} seconds.`, seconds);

/** The answer while a dependency (the database) is down: the request did nothing and may be sent again. */
export const unavailable = 'The service is temporarily unavailable. Please try again in a few seconds.';

/** A dependency other than the database (the file store) failed or did not answer: 503, the cause logged. */
export class DependencyDown extends Error {
  readonly statusCode = 503;
  constructor(
    readonly dependency: string,
    readonly reason: unknown,
  ) {
    super(`${dependency} unavailable`);
  }
}

/** What is down when `error` is an outage (the database, the file store), with the cause to log; else undefined. */
export function outageOf(error: unknown): { dependency: string; cause: unknown } | undefined {
  if (error instanceof DependencyDown) return { dependency: error.dependency, cause: error.reason };
  return isDatabaseUnavailable(error) ? { dependency: 'database', cause: error } : undefined;
}
