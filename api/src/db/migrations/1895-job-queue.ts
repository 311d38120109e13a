// The durable job queue's tables: pg-boss's schema `pgboss` (its version 24, pg-boss 10.4.2), installed here
// rather than by pg-boss at start (it starts with migrate: false). So a database's schema has one owner and
// one history, and each test file's copy of the migrated database already holds it. The queues the API uses
// are created here too: a job can be sent (in a transaction, services/jobs/) before any instance runs workers.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import PgBoss from 'pg-boss';

/**
 * pg-boss's construction text as single statements. It is one text of many (PGlite's prepared `query` runs one
 * statement at a time) wrapped in BEGIN … COMMIT of its own, which would commit the migration's transaction
 * half-way: that pair is dropped, the statements between run in the migration's transaction. A `;` ends a
 * statement outside quotes and outside a function's $$ body.
 */
function statementsOf(text: string): string[] {
  const statements: string[] = [];
  let start = 0;
  let dollar = false;
  let quote = false;
  for (let i = 0; i < text.length; i++) {
    if (text.startsWith('$$', i) && !quote) {
      dollar = !dollar;
      i++;
    } else if (text[i] === "'" && !dollar) quote = !quote;
    else if (text[i] === ';' && !dollar && !quote) {
      statements.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  statements.push(text.slice(start).trim());
  return statements.filter((s) => s !== '' && !/^(BEGIN|COMMIT)$/i.test(s));
}

/** The API's queues (services/jobs/queues.ts names them); a job's retries are set where it is sent. */
const queues = ['reminder'];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statementsOf(PgBoss.getConstructionPlans('pgboss')))
    await sql.raw(statement).execute(db);
  for (const name of queues)
    await sql`select pgboss.create_queue(${name}, ${JSON.stringify({ policy: 'standard' })}::json)`.execute(
      db,
    );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop schema pgboss cascade`.execute(db);
}
