import { useState, type FormEvent } from 'react';
import { Field, TextAreaField } from '@/components/field';
import { FormButtons } from '@/components/form-buttons';
import { useFieldErrors } from '@/lib/use-field-errors';
import type { NoteInput } from '../api/get-notes';

/**
 * Create or edit a note. The values live here and are cleared only after a successful save (onSave resolves),
 * so a failed save, or an API that is down, loses nothing typed; the API's reasons show beside their fields.
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
  onSave: (input: NoteInput) => Promise<void>;
  onCancel?: () => void;
}) {
  const [title, setTitle] = useState(initial?.title ?? '');
  const [body, setBody] = useState(initial?.body ?? '');
  const [date, setDate] = useState(initial?.meeting_date ?? '');
  const { errors, show, fromError } = useFieldErrors<keyof NoteInput>();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const found = {
      ...(!title.trim() && { title: 'Give the note a title.' }),
      ...(!body.trim() && { body: 'Write the note.' }),
    };
    if (show(found, form)) return;
    try {
      await onSave({ title: title.trim(), body, meeting_date: date || null });
    } catch (error) {
      fromError(error, form);
      return;
    }
    if (!initial) {
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
          error={errors.title}
        />
        <Field
          label="Meeting date"
          type="date"
          value={date}
          onChange={(e) => setDate(e.target.value)}
          error={errors.meeting_date}
        />
      </div>
      <TextAreaField
        label="Note"
        maxLength={20000}
        required
        value={body}
        onChange={(e) => setBody(e.target.value)}
        error={errors.body}
      />
      <FormButtons submitLabel={submitLabel} pending={pending} onCancel={onCancel} />
    </form>
  );
}
