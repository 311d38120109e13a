/**
 * Renaming an entry's files and changing its description; what was typed stays when saving fails, and the
 * problems (a blank name here, the API's refusals after) show beside their fields.
 */
import { useState, type FormEvent } from 'react';
import { Field, TextAreaField } from '@/components/field';
import { useFieldErrors } from '@/lib/use-field-errors';
import type { CompanyFile } from '../api/get-company-files';
import { fileNameField, type FileChanges } from '../api/update-file';
import { FormButtons } from '@/components/form-buttons';

export function EditFileForm({
  entry,
  pending,
  onSave,
  onCancel,
}: {
  entry: CompanyFile;
  pending: boolean;
  /** Settles once saved; a failure keeps the form and shows the refusals of its fields. */
  onSave: (changes: FileChanges) => Promise<unknown>;
  onCancel: () => void;
}) {
  const [names, setNames] = useState(() => entry.files.map((file) => file.name));
  const [description, setDescription] = useState(entry.description);
  const { errors, show, fromError } = useFieldErrors();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const blank = names.flatMap((name, i) => (name.trim() ? [] : [[fileNameField(i), 'Write a name.']]));
    if (show(Object.fromEntries(blank), form)) return;
    await onSave({
      id: entry.id,
      description: description.trim(),
      files: entry.files.map((file, i) => ({ id: file.id, name: (names[i] ?? file.name).trim() })),
    }).catch((error: unknown) => fromError(error, form));
  };

  return (
    <form className="edit-file-form" onSubmit={(event) => void submit(event)} noValidate>
      {entry.files.map((file, i) => (
        <Field
          key={file.id}
          label={entry.files.length === 1 ? 'File name' : `Name of file ${i + 1}`}
          hint={i === 0 ? 'The file keeps its extension (.pdf, .png, ...) if you leave it out.' : undefined}
          value={names[i]}
          maxLength={200}
          required
          error={errors[fileNameField(i)]}
          onChange={(event) => {
            const value = event.target.value.replace(/[\r\n/\\]/g, '');
            setNames((all) => all.map((name, j) => (j === i ? value : name)));
          }}
        />
      ))}
      <TextAreaField
        label="Description"
        rows={3}
        maxLength={1000}
        value={description}
        error={errors.description}
        onChange={(event) => setDescription(event.target.value)}
      />
      <FormButtons submitLabel="Save changes" pending={pending} onCancel={onCancel} />
    </form>
  );
}
