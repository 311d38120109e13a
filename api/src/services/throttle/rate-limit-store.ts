// The flood guard's store: @fastify/rate-limit counts each route's requests per client address here, in the
// database, instead of in its default per-process memory, where every added API instance would grant the
// whole allowance again. One statement per request counts and opens a new window when the old one has ended,
// so two instances counting the same key at once both see a count that includes the other's request. The
// windows run on the database's clock, so instances whose clocks differ still agree on when one ends.
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';

interface Hits {
  current: number;
  /** Milliseconds until the window ends. */
  ttl: number;
}

export async function hit(db: Kysely<Database>, key: string, windowMs: number): Promise<Hits> {
  const ends = sql<Date>`now() + make_interval(secs => ${windowMs}::double precision / 1000)`;
  const ended = sql<boolean>`rate_limit_hits.window_ends_at <= now()`;
  const row = await db
    .insertInto('rate_limit_hits')
    .values({ key, count: 1, window_ends_at: ends })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql`case when ${ended} then 1 else rate_limit_hits.count + 1 end`,
        window_ends_at: sql`case when ${ended} then excluded.window_ends_at else rate_limit_hits.window_ends_at end`,
      }),
    )
    .returning(['count', sql<number>`ceil(extract(epoch from window_ends_at - now()) * 1000)::int`.as('ttl')])
    .executeTakeFirstOrThrow();
  return { current: row.count, ttl: row.ttl };
}

/** Deletes the rows whose window has ended (the hourly purge): a new request starts its count afresh anyway. */
export async function purgeEndedWindows(db: Kysely<Database>): Promise<number> {
  const result = await db
    .deleteFrom('rate_limit_hits')
    .where('window_ends_at', '<', sql<Date>`now()`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * The `store` option of @fastify/rate-limit. The plugin builds it with its own options (not the database), so
 * the class is made here around `db`. Each limited route gets a child whose keys start with the route, as the
 * plugin's Redis store does. The routes use neither ban, continueExceeding nor exponentialBackoff, so a
 * window is simply counted.
 */
export function databaseRateLimitStore(db: Kysely<Database>): FastifyRateLimitStoreCtor {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: (error: Error | null, result?: Hits) => void, timeWindow: number) {
      hit(db, this.prefix + key, timeWindow).then(
        (hits) => callback(null, hits),
        (error: Error) => callback(error),
      );
    }

    // The plugin passes the merged route options with the route itself under `routeInfo`, which its types omit.
    child(routeOptions: object) {
      const route = (routeOptions as { routeInfo: { method: string | string[]; url: string } }).routeInfo;
      return new DatabaseRateLimitStore(undefined, `${String(route.method)} ${route.url} `);
    }
  };
}
