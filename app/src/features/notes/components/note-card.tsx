import { formatDay } from '@/lib/dates';
import type { Note } from '../api/get-notes';

/** A note as text: the body keeps its line breaks through CSS (pre-wrap), never through HTML. */
export function NoteCard({
  note,
  onEdit,
  onDelete,
}: {
  note: Note;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const titleId = `note-${note.id}-title`;
  return (
    <article className="card note-card" aria-labelledby={titleId}>
      <header className="note-card-header">
        <div>
          <h2 id={titleId}>{note.title}</h2>
          {note.meeting_date && <p className="muted note-date">Meeting on {formatDay(note.meeting_date)}</p>}
        </div>
        <div className="note-actions">
          <button
            type="button"
            className="btn btn-secondary"
            onClick={onEdit}
            aria-label={`Edit note: ${note.title}`}
          >
            Edit
          </button>
          <button
            type="button"
            className="btn btn-danger"
            onClick={onDelete}
            aria-label={`Delete note: ${note.title}`}
          >
            Delete
          </button>
        </div>
      </header>
      <p className="note-body">{note.body}</p>
    </article>
  );
}
