import { useId, useState, type FormEvent } from 'react';
import { Field } from '@/components/field';
import { FormButtons } from '@/components/form-buttons';
import type { NoteInput } from '../api/get-notes';

/**
 * Create or edit a note. The values live here and are cleared only after a successful save (onSave resolves
 * true), so a failed save, or an API that is down, loses nothing typed.
 */
export function NoteForm({
  initial,
  submitLabel,
  pending,
  onSave,
  onCancel,
}: {
  initial?: NoteInput;
  submitLabel: string;
  pending: boolean;
  onSave: (input: NoteInput) => Promise<boolean>;
  onCancel?: () => void;
}) {
  const [title, setTitle] = useState(initial?.title ?? '');
  const [body, setBody] = useState(initial?.body ?? '');
  const [date, setDate] = useState(initial?.meeting_date ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const bodyId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim() || !body.trim()) return setProblem('Write a title and the note.');
    setProblem(null);
    const saved = await onSave({ title: title.trim(), body, meeting_date: date || null });
    if (saved && !initial) {
      setTitle('');
      setBody('');
      setDate('');
    }
  };

  return (
    <form className="note-form" onSubmit={submit} noValidate>
      <div className="note-form-row">
        <Field
          label="Title"
          value={title}
          maxLength={200}
          required
          onChange={(e) => setTitle(e.target.value)}
          error={problem}
        />
        <Field label="Meeting date" type="date" value={date} onChange={(e) => setDate(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={bodyId}>Note</label>
        <textarea
          id={bodyId}
          rows={5}
          maxLength={20000}
          required
          value={body}
          onChange={(e) => setBody(e.target.value)}
        />
      </div>
      <FormButtons submitLabel={submitLabel} pending={pending} onCancel={onCancel} />
    </form>
  );
}
