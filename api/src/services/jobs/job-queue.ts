// The one durable scheduler for timed work: pg-boss (PostgreSQL's SKIP LOCKED queue, jobs in the `pgboss`
// schema of migration 1895). A job is a row: it is sent in the transaction of the change that calls for it, runs
// once across N instances (a fetch claims it), is retried with backoff when its handler throws, and waits out a
// downtime in the table, due jobs running when an instance is back. Its clock is the database's now().
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import PgBoss from 'pg-boss';
import type { Database } from '../../db/database.js';
import { bossDb } from './boss-db.js';
import type { BossDb } from './boss-db.js';

/** The queues migration 1895 creates; a new one is a migration creating it (`pgboss.create_queue`). */
type QueueName = 'reminder' | 'push' | 'webhook' | 'mail';

/** A job to send: when it is due, what it carries, and the key that finds it again (to drop it). */
interface JobToSend {
  queue: QueueName;
  data: object;
  /** Due then (now when unset). */
  startAfter?: Date;
  /** A key of the caller's: dropJobs drops the waiting jobs whose key starts with a prefix. */
  key?: string;
  /** How long a run may last before pg-boss takes the job back and runs it again (15 minutes when unset). */
  expireInSeconds?: number;
}

/** pg-boss as the API configures it: its schema installed by migration 1895, never by pg-boss itself. */
const base = { migrate: false, schema: 'pgboss' } as const;

/** Jobs of one batch run side by side: under half the API's pool of 10 connections. */
const lanes = 4;
/**
 * A queue whose jobs mostly wait on someone else's server runs more side by side: a webhook's send holds no
 * connection while it waits (up to its timeout), and one slow receiver must not hold the others of its batch.
 */
const lanesOf: Partial<Record<QueueName, number>> = { webhook: 20 };

/** A handler that throws is retried this many times, 30 s, then 1, 2, 4 … minutes apart (each with jitter). */
const retries = { retryLimit: 6, retryDelay: 30, retryBackoff: true };
/**
 * A queue whose row waits in a table of ours (a queued mail, a webhook delivery) keeps its own tries and gives up
 * on its own (7 days, 3 days); pg-boss's retries only cover a handler that threw (the database down mid-run). Six
 * of them last about half an hour, after which the row would wait with no job: 14 last about a week at least.
 */
const retryLimitOf: Partial<Record<QueueName, number>> = { mail: 14, webhook: 14 };

/**
 * The sender: a PgBoss never started, whose own database refuses every call; each send passes the transaction it
 * belongs to (`db` of pg-boss's insert), so a job exists only if the change that sent it commits.
 */
const refuse: BossDb = {
  executeSql: () => Promise.reject(new Error('pg-boss sender: pass the transaction to send in')),
};
const sender = new PgBoss({ ...base, db: refuse });

/** Sends jobs in `trx` (or on `db` outside a transaction), in one statement. */
export async function sendJobs(trx: Kysely<Database>, jobs: JobToSend[]): Promise<void> {
  if (jobs.length === 0) return;
  await sender.insert(
    jobs.map((job) => ({
      name: job.queue,
      data: job.data,
      ...retries,
      retryLimit: retryLimitOf[job.queue] ?? retries.retryLimit,
      ...(job.startAfter && { startAfter: job.startAfter.toISOString() }),
      ...(job.key && { singletonKey: job.key }),
      ...(job.expireInSeconds && { expireInSeconds: job.expireInSeconds }),
    })),
    { db: bossDb(trx) },
  );
}

/**
 * Drops the jobs of `queue` still waiting (created or to retry) whose key starts with `prefix`: a cancelled
 * meeting's reminders. pg-boss has no call for a key, so this reads its table (its `singleton_key` column is
 * free for our use under the standard policy, no uniqueness attached). A job already running finishes; its
 * handler re-reads what it is about.
 */
export async function dropJobs(trx: Kysely<Database>, queue: QueueName, prefix: string): Promise<void> {
  const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  await sql`delete from pgboss.job
    where name = ${queue} and singleton_key like ${pattern} and state < 'active'`.execute(trx);
}

/** A queue's handler: called with each due job's data; a throw retries that job. */
type JobHandler = (data: never) => Promise<void>;

export interface RunOptions {
  /**
   * How often each queue fetches its due jobs (every second by default; tests make it shorter). pg-boss waits
   * this long between fetches even after a full one, so batchSize / pollingSeconds is one instance's pace.
   */
  pollingSeconds?: number;
  /** Jobs one fetch claims, run 4 at a time (100 by default: up to 100 a second an instance). */
  batchSize?: number;
}

/**
 * Runs the queues' handlers in this instance until the app closes. Closing stops fetching, waits for the
 * handlers running (up to 20 s; a job cut off is retried by another instance), then lets the database go.
 */
export async function runJobs(
  app: FastifyInstance,
  db: Kysely<Database>,
  handlers: Partial<Record<QueueName, JobHandler>>,
  options: RunOptions = {},
): Promise<void> {
  const pollingIntervalSeconds = options.pollingSeconds ?? 1;
  const batchSize = options.batchSize ?? 100;
  // pg-boss's stop waits for the batches it knows of, not for a fetch under way: that fetch's jobs still run, and
  // their end is recorded (unawaited) after stop returned, on a database the app then destroys (an unhandled
  // rejection, seen on PostgreSQL). Counting pg-boss's texts and the batches, closing waits for both.
  let busy = 0;
  const counted = async <T>(work: () => Promise<T>): Promise<T> => {
    busy++;
    try {
      return await work();
    } finally {
      busy--;
    }
  };
  const own = bossDb(db);
  const boss = new PgBoss({
    ...base,
    db: { executeSql: (text, values) => counted(() => own.executeSql(text, values)) },
    pollingIntervalSeconds,
  });
  // Without a listener an error event (a maintenance run that failed) would end the process.
  boss.on('error', (error) => app.log.warn({ err: error }, 'job queue: background work failed'));
  await boss.start();
  app.addHook('onClose', async () => {
    await boss.stop({ graceful: true, wait: true, timeout: 20_000 });
    // A batch's end is recorded in the microtasks after it, so a check on the next timer sees that text counted.
    while (busy > 0) await new Promise((resolve) => setTimeout(resolve, 20));
  });
  for (const [queue, handle] of Object.entries(handlers) as [QueueName, JobHandler][])
    await boss.work<object>(queue, { batchSize, pollingIntervalSeconds }, (jobs) =>
      counted(async () => {
        // A throw fails the whole batch and pg-boss retries each of its jobs: every handler is safe to run again
        // (a reminder's key, a claim), so the jobs done find themselves done and only the failed one does work.
        // A few at a time: a batch run all at once took every pooled connection and the event loop, and the API's
        // requests waited behind it (bench:reminders' p99 went from 13 to 156 ms).
        const waiting = [...jobs];
        let failure: { reason: unknown } | undefined;
        const lane = async () => {
          for (let job = waiting.shift(); job; job = waiting.shift())
            await handle(job.data as never).catch((reason: unknown) => void (failure ??= { reason }));
        };
        await Promise.all(Array.from({ length: lanesOf[queue] ?? lanes }, lane));
        if (failure) throw failure.reason;
      }),
    );
}
