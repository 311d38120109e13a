// Meeting notes of one client. Updates and deletes are scoped to the owner too, so a foreign id touches no row.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { owned, ownerValues } from '../access/scope.js';
import type { Actor } from '../access/scope.js';

export interface NoteFields {
  title: string;
  body: string;
  meeting_date: string | null;
}

const columns = ['id', 'title', 'body', 'meeting_date', 'created_at', 'updated_at'] as const;

export async function listNotes(db: Kysely<Database>, owner: Actor) {
  return db
    .selectFrom('meeting_notes')
    .where(owned(owner, 'meeting_notes'))
    .select(columns)
    .orderBy('meeting_date', (o) => o.desc().nullsLast())
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function insertNote(db: Kysely<Database>, owner: Actor, fields: NoteFields, at: Date) {
  return db
    .insertInto('meeting_notes')
    .values({
      ...ownerValues(owner, 'meeting_notes'),
      ...fields,
      created_at: at,
      updated_at: at,
    })
    .returning(columns)
    .executeTakeFirstOrThrow();
}

export async function updateNote(
  db: Kysely<Database>,
  owner: Actor,
  id: number,
  fields: NoteFields,
  at: Date,
) {
  return db
    .updateTable('meeting_notes')
    .where(owned(owner, 'meeting_notes'))
    .set({ ...fields, updated_at: at })
    .where('id', '=', id)
    .returning(columns)
    .executeTakeFirst();
}

export async function deleteNote(db: Kysely<Database>, owner: Actor, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('meeting_notes')
    .where(owned(owner, 'meeting_notes'))
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
