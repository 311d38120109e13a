import type { Kysely } from 'kysely';
import type { Database, NewErrorReport } from '../../db/database.js';

export async function insertErrorReport(db: Kysely<Database>, row: NewErrorReport): Promise<number> {
  const { id } = await db.insertInto('error_reports').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}
