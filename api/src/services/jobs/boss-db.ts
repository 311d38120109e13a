// pg-boss's way into our database: its `db` option, `{ executeSql(text, values) }`, over the Kysely the API
// already has, rather than a pool of its own. On PGlite that is a must: it is one connection, and a text of
// pg-boss's run beside Kysely could land inside a transaction Kysely holds open at that moment (its maintenance
// texts hold BEGIN and COMMIT). Going through Kysely's own connection acquisition serialises the two. On
// PostgreSQL the same path shares the API's pool, its timeouts and its prepared-statement cache, and keeps the
// number of connections an instance opens what it was.
import { CompiledQuery } from 'kysely';
import type { Kysely } from 'kysely';
import { pgliteOf } from '../../db/create-db.js';
import type { Database } from '../../db/database.js';

/** What pg-boss reads of a result: the rows (and, for a few commands, the count). */
interface BossResult {
  rows: Record<string, unknown>[];
  rowCount: number;
}

export interface BossDb {
  executeSql(text: string, values?: unknown[]): Promise<BossResult>;
}

const result = (rows: unknown[] | undefined, affected: bigint | number | undefined): BossResult => ({
  rows: (rows ?? []) as Record<string, unknown>[],
  rowCount: Number(affected ?? rows?.length ?? 0),
});

/** pg-boss's texts that open a transaction of their own: a failure leaves it open, and aborted, unless undone. */
const opensTransaction = /^\s*BEGIN\s*;/i;

/**
 * The adapter over `db`. Over a transaction (`db.isTransaction`) each text runs in it: that is the transactional
 * enqueue, a job sent with the change that calls for it and rolled back with it. Otherwise each text takes
 * Kysely's connection for its length; a text without values may hold several statements, which PGlite runs only
 * through `exec` (its simple protocol; `query` prepares one statement) and pg sends as a simple query anyway.
 */
export function bossDb(db: Kysely<Database>): BossDb {
  const pglite = pgliteOf(db);
  return {
    async executeSql(text, values = []) {
      const raw = CompiledQuery.raw(text, values);
      if (db.isTransaction) {
        const out = await db.executeQuery(raw);
        return result(out.rows, out.numAffectedRows);
      }
      return db.connection().execute(async (connection) => {
        try {
          if (pglite && values.length === 0) {
            const outs = await pglite.exec(text);
            const last = outs.at(-1);
            return result(last?.rows, last?.affectedRows);
          }
          const out = await connection.executeQuery(raw);
          return result(out.rows, out.numAffectedRows);
        } catch (error) {
          // The connection goes back to Kysely's next user: never inside pg-boss's failed transaction.
          if (values.length === 0 && opensTransaction.test(text))
            await connection.executeQuery(CompiledQuery.raw('ROLLBACK'));
          throw error;
        }
      });
    },
  };
}
