// Migration 1900 moves the mail outbox onto the job queue: a mail waiting at the upgrade gets a `mail` job for
// its current try, due when the old loop would have tried it, and the lease column goes; down brings the column
// back with each mail's next try. Run on PGlite, and on PostgreSQL under scripts/with-postgres.sh.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.js';
import { migrateTo } from '../src/db/migrate.js';
import { queuedMail } from '../src/services/mail/outbox-repository.js';
import { createTestDb } from './helpers/test-db.js';
import type { TestDb } from './helpers/test-db.js';

const before = '1897-push-queue';
const mailQueue = '1900-mail-queue';
const at = new Date('2026-01-05T09:00:00Z');
const later = new Date('2030-01-05T09:00:00Z');

const rows = async (db: Kysely<unknown>, query: ReturnType<typeof sql>) =>
  (await query.execute(db)).rows as Record<string, unknown>[];

const columns = (db: Kysely<unknown>) =>
  rows(db, sql`select column_name from information_schema.columns where table_name = 'mail_outbox'`);

describe('migration 1900: the mail outbox onto the job queue', () => {
  let t: TestDb;
  let db: Kysely<unknown>;
  beforeAll(async () => {
    t = await createTestDb({ migrate: false });
    db = t.db as unknown as Kysely<unknown>;
    await migrateTo(db, before);
    for (const [to, attempts, due] of [
      ['due@one.test', 1, at],
      ['later@one.test', 3, later],
    ] as const)
      await sql`insert into mail_outbox (to_address, from_address, subject, body, attempts, next_attempt_at,
        last_error, created_at) values (${to}, 'no-reply@one.test', 'Hello', 'body', ${attempts}, ${due},
        'refused', ${at})`.execute(db);
  });
  afterAll(() => t.destroy());

  it('up gives each waiting mail a job for its try, due when its next try was', async () => {
    await migrateTo(db, mailQueue);
    const jobs = await rows(
      db,
      sql`select data, state, start_after, extract(epoch from expire_in)::int as expire_s
        from pgboss.job where name = 'mail' order by (data->>'id')::int`,
    );
    const ids = (await rows(db, sql`select id from mail_outbox order by id`)).map((r) => r.id);
    expect(jobs).toEqual([
      { data: { id: ids[0], attempt: 1 }, state: 'created', start_after: at, expire_s: 900 },
      { data: { id: ids[1], attempt: 3 }, state: 'created', start_after: later, expire_s: 900 },
    ]);
    // What the job carries finds its row, as the handler reads it.
    const mail = await queuedMail(t.db as unknown as Kysely<Database>, jobs[1]!.data as never);
    expect(mail?.message.to).toBe('later@one.test');
    expect((await columns(db)).map((c) => c.column_name)).not.toContain('next_attempt_at');
  });

  it('down brings the column back, each next try as its job had it, and drops the queue', async () => {
    await migrateTo(db, before);
    expect(await rows(db, sql`select to_address, next_attempt_at from mail_outbox order by id`)).toEqual([
      { to_address: 'due@one.test', next_attempt_at: at },
      { to_address: 'later@one.test', next_attempt_at: later },
    ]);
    expect(await rows(db, sql`select id from pgboss.job where name = 'mail'`)).toEqual([]);
    expect(await rows(db, sql`select name from pgboss.queue where name = 'mail'`)).toEqual([]);
  });
});
