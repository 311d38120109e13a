// The answer to an id the caller may not see: every query of a client's rows is scoped to the actor
// (access/scope.ts), so another client's ids simply find nothing (404) and change nothing.
import { HttpError } from '../../errors.js';

export const notFound = (what: string): HttpError => new HttpError(404, `${what} not found.`);

/** The row, or a 404 naming what was looked for: the same answer whether it is missing or someone else's. */
export function found<T>(row: T | undefined, what: string): T {
  if (row === undefined) throw notFound(what);
  return row;
}
