// /notes: the client's meeting notes. Text is stored exactly as typed (trimmed); it is the app's job to show
// it as text, and nothing here ever renders it.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { found, notFound } from '../client-work/owner.js';
import type { Actor } from '../access/scope.js';
import { deleteNote, insertNote, listNotes, updateNote } from './notes-repository.js';
import type { NoteFields } from './notes-repository.js';

type NoteRow = Awaited<ReturnType<typeof listNotes>>[number];

const note = (row: NoteRow) => ({
  ...row,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

interface NoteInput {
  title: string;
  body: string;
  meeting_date?: string | null;
}

const fields = (input: NoteInput): NoteFields => ({
  title: input.title.trim(),
  body: input.body.trim(),
  meeting_date: input.meeting_date ?? null,
});

export function createNotesService(db: Kysely<Database>, now: () => Date) {
  return {
    list: async (owner: Actor) => (await listNotes(db, owner)).map(note),
    create: async (owner: Actor, input: NoteInput) => note(await insertNote(db, owner, fields(input), now())),
    async update(owner: Actor, id: number, input: NoteInput) {
      return note(found(await updateNote(db, owner, id, fields(input), now()), 'Note'));
    },
    async remove(owner: Actor, id: number) {
      if (!(await deleteNote(db, owner, id))) throw notFound('Note');
      return { id, deleted: true };
    },
  };
}
