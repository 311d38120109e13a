// Meeting notes of one client. Updates and deletes filter on the owner too, so a foreign id touches no row.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { Owner } from '../client-work/owner.js';

export interface NoteFields {
  title: string;
  body: string;
  meeting_date: string | null;
}

const columns = ['id', 'title', 'body', 'meeting_date', 'created_at', 'updated_at'] as const;

export async function listNotes(db: Kysely<Database>, owner: Owner) {
  return db
    .selectFrom('meeting_notes')
    .select(columns)
    .where('tenant_id', '=', owner.tenantId)
    .where('client_id', '=', owner.userId)
    .orderBy('meeting_date', (o) => o.desc().nullsLast())
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function insertNote(db: Kysely<Database>, owner: Owner, fields: NoteFields, at: Date) {
  return db
    .insertInto('meeting_notes')
    .values({
      tenant_id: owner.tenantId,
      client_id: owner.userId,
      ...fields,
      created_at: at,
      updated_at: at,
    })
    .returning(columns)
    .executeTakeFirstOrThrow();
}

export async function updateNote(
  db: Kysely<Database>,
  owner: Owner,
  id: number,
  fields: NoteFields,
  at: Date,
) {
  return db
    .updateTable('meeting_notes')
    .set({ ...fields, updated_at: at })
    .where('id', '=', id)
    .where('tenant_id', '=', owner.tenantId)
    .where('client_id', '=', owner.userId)
    .returning(columns)
    .executeTakeFirst();
}

export async function deleteNote(db: Kysely<Database>, owner: Owner, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('meeting_notes')
    .where('id', '=', id)
    .where('tenant_id', '=', owner.tenantId)
    .where('client_id', '=', owner.userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
