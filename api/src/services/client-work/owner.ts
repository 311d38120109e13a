// The client a piece of client work belongs to: the caller's tenant and user id. Every query of the client-work
// services filters on both, so another client's ids simply find nothing (404) and change nothing.
import { HttpError } from '../../errors.js';

export interface Owner {
  tenantId: number;
  userId: number;
}

export const notFound = (what: string): HttpError => new HttpError(404, `${what} not found.`);

/** The row, or a 404 naming what was looked for: the same answer whether it is missing or someone else's. */
export function found<T>(row: T | undefined, what: string): T {
  if (row === undefined) throw notFound(what);
  return row;
}
