import type { FormEvent } from 'react';
import { Field, TextAreaField } from '@/components/field';
import { FormButtons } from '@/components/form-buttons';
import { useFormFields } from '@/lib/use-form-fields';
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
  const { values, field, reset, show, fromError } = useFormFields<keyof NoteInput>({
    title: initial?.title ?? '',
    body: initial?.body ?? '',
    meeting_date: initial?.meeting_date ?? '',
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const { title, body, meeting_date } = values;
    const found = {
      ...(!title.trim() && { title: 'Give the note a title.' }),
      ...(!body.trim() && { body: 'Write the note.' }),
    };
    if (show(found, form)) return;
    try {
      await onSave({ title: title.trim(), body, meeting_date: meeting_date || null });
    } catch (error) {
      fromError(error, form);
      return;
    }
    if (!initial) reset();
  };

  return (
    <form className="note-form" onSubmit={submit} noValidate>
      <div className="note-form-row">
        <Field label="Title" maxLength={200} required {...field('title')} />
        <Field label="Meeting date" type="date" {...field('meeting_date')} />
      </div>
      <TextAreaField label="Note" maxLength={20000} required {...field('body')} />
      <FormButtons submitLabel={submitLabel} pending={pending} onCancel={onCancel} />
    </form>
  );
}
