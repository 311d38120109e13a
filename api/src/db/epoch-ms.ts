// An instant as ms since 1970 in a float8 column: pg and PGlite read a float8 with parseFloat, far cheaper than
// a timestamptz's text through the date parser. For statements that answer thousands of instants (a coach's busy
// times for slots), where that parsing was a large part of the request (npm run bench:slots).
import { sql } from 'kysely';
import type { RawBuilder } from 'kysely';

/** `column` (a timestamptz) as ms, plus `plusMs` (a number, or an integer column of minutes times 60,000). */
export function epochMs(column: string, plus?: { minutes: string } | number): RawBuilder<number> {
  const ms = sql`extract(epoch from ${sql.ref(column)})::float8 * 1000`;
  if (plus === undefined) return sql<number>`${ms}`;
  if (typeof plus === 'number') return sql<number>`${ms} + ${plus}`;
  return sql<number>`${ms} + ${sql.ref(plus.minutes)} * 60000`;
}

/** An instant read by epochMs: float8 arithmetic may leave a fraction of a ms on one stored to the µs. */
export const fromEpochMs = (ms: number) => new Date(Math.round(ms));
