import { useState, type FormEvent } from 'react';
import { TextAreaField } from '@/components/field';
import { FormButtons } from '@/components/form-buttons';
import { formatDate, formatDateTime } from '@/lib/dates';
import { notify } from '@/lib/toast';
import { useFieldErrors } from '@/lib/use-field-errors';
import { useAddPrivateNote } from '../api/add-private-note';
import type { ClientPageData } from '../api/get-client';

function PrivateNoteForm({ clientId }: { clientId: number }) {
  const [body, setBody] = useState('');
  const add = useAddPrivateNote(clientId);
  const { errors, show, fromError } = useFieldErrors<'body'>();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (show({ body: body.trim() ? undefined : 'Write the note.' }, form)) return;
    add.mutate(body.trim(), {
      onSuccess: () => {
        setBody('');
        notify.success('Private note saved');
      },
      onError: (error) => fromError(error, form),
    });
  };
  return (
    <form onSubmit={submit} noValidate>
      <TextAreaField
        label="New private note"
        hint="Only you see it; the client never does."
        value={body}
        onChange={(e) => setBody(e.target.value)}
        error={errors.body}
        rows={3}
      />
      <FormButtons submitLabel="Add private note" pending={add.isPending} />
    </form>
  );
}

/** The client's own meeting notes (theirs: read-only here), and apart from them the coach's private notes. */
export function ClientNotes({ clientId, notes }: { clientId: number; notes: ClientPageData['notes'] }) {
  return (
    <section id="notes" className="card client-section" aria-labelledby="notes-title">
      <h2 id="notes-title">Notes</h2>
      <div className="client-columns">
        <div>
          <h3>The client&apos;s notes</h3>
          <p className="muted">Written by the client; read-only.</p>
          {notes.client.length === 0 ? (
            <p className="muted">The client has written no notes yet.</p>
          ) : (
            <ul className="client-list">
              {notes.client.map((n) => (
                <li key={n.id} className="client-row">
                  <strong>{n.title}</strong>
                  {n.meeting_date && <span className="muted">Meeting of {formatDate(n.meeting_date)}</span>}
                  <span className="client-text">{n.body}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="client-private" data-testid="private-notes">
          <h3>
            Your private notes <span className="client-private-tag">Private</span>
          </h3>
          {notes.private.length === 0 ? (
            <p className="muted">No private notes yet.</p>
          ) : (
            <ul className="client-list">
              {notes.private.map((n) => (
                <li key={n.id} className="client-row">
                  <span className="muted">{formatDateTime(n.created_at)}</span>
                  <span className="client-text">{n.body}</span>
                </li>
              ))}
            </ul>
          )}
          <PrivateNoteForm clientId={clientId} />
        </div>
      </div>
    </section>
  );
}
