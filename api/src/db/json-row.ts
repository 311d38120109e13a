// A row as JSON answers carry it: every timestamp (a Date from the database) becomes its ISO string, the rest stays.
// Services spread a row through it rather than naming each field again, so a column added to a table, its select
// list and its contracts/rest answer schema reaches the answer without a line here or in the service; the route's
// response schema (closed) still decides which fields leave the API.

/** The row's type with each Date field (nullable or not) as the ISO string it becomes. */
type JsonRow<T> = {
  [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K];
};

export function jsonRow<T extends object>(row: T): JsonRow<T> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row))
    out[key] = value instanceof Date ? value.toISOString() : value;
  return out as JsonRow<T>;
}
