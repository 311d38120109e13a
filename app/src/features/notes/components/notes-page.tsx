/** /notes: the client's meeting notes: write, edit and delete them (with a confirmation first). */
import { useState } from 'react';
import { QueryState } from '@/components/query-state';
import { OfflineBanner } from '@/components/offline-banner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { queryClient } from '@/lib/query-client';
import { sessionStore } from '@/lib/session';
import { notify } from '@/lib/toast';
import { useDeleteNote } from '../api/delete-note';
import { useEditNote } from '../api/edit-note';
import { notesQueryOptions, useNotes, type Note, type NoteInput } from '../api/get-notes';
import { useStoreNote } from '../api/store-note';
import { NoteCard } from './note-card';
import { NoteForm } from './note-form';
import './notes.css';
import { PageFrame } from '@/components/page-frame';

export const NOTE_SAVED = 'Note saved';
export const NOTE_UPDATED = 'Note updated';
export const NOTE_DELETED = 'Note deleted';

/** Runs a save and confirms it; a failure rejects, for the form to show beside its fields. */
const confirmed = async (run: Promise<unknown>, message: string) => {
  await run;
  notify.success(message);
};

/**
 * Asks for the notes as soon as this chunk arrives (see app/lazy-page), so the request leaves with the shell's
 * chunk rather than after the page's first render; only for a signed-in user, whom alone the API answers.
 */
export function prefetch(): void {
  if (sessionStore.get()) void queryClient.prefetchQuery(notesQueryOptions());
}

export default function NotesPage() {
  const notes = useNotes();
  const store = useStoreNote();
  const edit = useEditNote();
  const remove = useDeleteNote();
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Note | null>(null);

  const save = (input: NoteInput) => confirmed(store.mutateAsync(input), NOTE_SAVED);
  const update = async (note: Note, input: NoteInput) => {
    await confirmed(edit.mutateAsync({ id: note.id, ...input }), NOTE_UPDATED);
    setEditing(null);
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    // A failure was a toast (the API client's error handling); the dialog stays for another try.
    await confirmed(remove.mutateAsync(deleting.id), NOTE_DELETED).then(
      () => setDeleting(null),
      () => undefined,
    );
  };

  const list = (
    <QueryState
      query={notes}
      what="Your notes"
      empty="No notes yet. Your first one is a few keystrokes away."
    >
      {(data) => (
        <ul className="note-list">
          {data.map((note) => (
            <li key={note.id}>
              {editing === note.id ? (
                <div className="card">
                  <h2 className="visually-hidden">Edit note: {note.title}</h2>
                  <NoteForm
                    initial={note}
                    submitLabel="Save changes"
                    pending={edit.isPending}
                    onSave={(input) => update(note, input)}
                    onCancel={() => setEditing(null)}
                  />
                </div>
              ) : (
                <NoteCard note={note} onEdit={() => setEditing(note.id)} onDelete={() => setDeleting(note)} />
              )}
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );

  return (
    <PageFrame title="My Notes" className="notes-page">
      <OfflineBanner since={notes.offlineSince} />
      <section className="card" aria-labelledby="new-note-title">
        <h2 id="new-note-title">New note</h2>
        <NoteForm submitLabel="Add note" pending={store.isPending} onSave={save} />
      </section>
      <h2 className="notes-heading">Meeting notes</h2>
      {list}
      {deleting && (
        <ConfirmDialog
          title="Delete this note?"
          text={`“${deleting.title}” will be deleted for good.`}
          confirmLabel="Delete note"
          pending={remove.isPending}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setDeleting(null)}
        />
      )}
    </PageFrame>
  );
}
