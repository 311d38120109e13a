/** Renaming an entry's files and changing its description; what was typed stays when saving fails. */
import { useState, type FormEvent } from 'react';
import { Field, TextAreaField } from '@/components/field';
import type { CompanyFile } from '../api/get-company-files';
import type { FileChanges } from '../api/update-file';

export function EditFileForm({
  entry,
  pending,
  onSave,
  onCancel,
}: {
  entry: CompanyFile;
  pending: boolean;
  onSave: (changes: FileChanges) => void;
  onCancel: () => void;
}) {
  const [names, setNames] = useState(() => entry.files.map((file) => file.name));
  const [description, setDescription] = useState(entry.description);
  const blank = names.findIndex((name) => !name.trim());
  const [tried, setTried] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (blank >= 0) return;
    onSave({
      id: entry.id,
      description: description.trim(),
      files: entry.files.map((file, i) => ({ id: file.id, name: names[i]!.trim() })),
    });
  };

  return (
    <form className="edit-file-form" onSubmit={submit} noValidate>
      {entry.files.map((file, i) => (
        <Field
          key={file.id}
          label={entry.files.length === 1 ? 'File name' : `Name of file ${i + 1}`}
          hint={i === 0 ? 'The file keeps its extension (.pdf, .png, ...) if you leave it out.' : undefined}
          value={names[i]}
          maxLength={200}
          required
          error={tried && !names[i]!.trim() ? 'Write a name.' : null}
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
        onChange={(event) => setDescription(event.target.value)}
      />
      <div className="button-row">
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {pending ? 'Saving...' : 'Save changes'}
        </button>
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
