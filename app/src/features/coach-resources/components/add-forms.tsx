import { useRef, useState, type FormEvent } from 'react';
import { Field } from '@/components/field';
import { FormButtons } from '@/components/form-buttons';
import { LinkForm } from '@/components/link-form';
import { notify } from '@/lib/toast';
import { UPLOAD_MAX_MB, checkPicked } from '@/lib/uploads';
import { useFieldErrors } from '@/lib/use-field-errors';
import { useAddFile } from '../api/add-file';
import { useAddLink, type LinkInput } from '../api/add-link';

/** A link for the library: a title and its http(s) address. */
export function AddLinkForm() {
  const add = useAddLink();
  return (
    <LinkForm
      className="card"
      aria-labelledby="add-link-title"
      labels={{ title: 'Link title', url: 'Address', submit: 'Add link' }}
      problems={{ title: 'Give the link a title.', url: 'Give an address starting with https://.' }}
      pending={add.isPending}
      onAdd={async (link: LinkInput) => {
        await add.mutateAsync(link);
        notify.success('Link added to your library. Share it to let clients see it.');
      }}
    >
      <h2 id="add-link-title">Add a link</h2>
    </LinkForm>
  );
}

/** A file for the library: kept privately, its type read from its bytes by the API. */
export function AddFileForm() {
  const add = useAddFile();
  const input = useRef<HTMLInputElement>(null);
  const [title, setTitle] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const { errors, show, fromError } = useFieldErrors<'description' | 'files'>();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const [picked] = file ? checkPicked([], [file]) : [];
    const problem = picked?.problem ?? null;
    const found = {
      ...(!file && { files: 'Choose a file.' }),
      ...(problem === 'empty' && { files: 'The file is empty.' }),
      ...(problem === 'size' && { files: `A file must be at most ${UPLOAD_MAX_MB} MB.` }),
    };
    if (show(found, form) || !file) return;
    try {
      await add.mutateAsync({ title, file });
      notify.success('File added to your library. Share it to let clients see it.');
      setTitle('');
      setFile(null);
      if (input.current) input.current.value = '';
    } catch (error) {
      fromError(error, form);
    }
  };

  return (
    <form className="card" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="add-file-title">
      <h2 id="add-file-title">Add a file</h2>
      <Field
        label="File title"
        hint="Leave it empty to use the file's name."
        value={title}
        maxLength={200}
        onChange={(e) => setTitle(e.target.value)}
        error={errors.description}
      />
      <Field
        ref={input}
        label="File"
        type="file"
        hint={`A PDF, image, Office document, .txt or .csv file of at most ${UPLOAD_MAX_MB} MB.`}
        onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        error={errors.files}
      />
      <FormButtons submitLabel="Add file" pending={add.isPending} pendingLabel="Uploading..." />
    </form>
  );
}
