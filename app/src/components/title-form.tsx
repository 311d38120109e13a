/**
 * One title field and its button, beside each other: a new lesson or module on the authoring pages. The title
 * is required (said beside the field); `onAdd` gets it with what to call when the call ends.
 */
import { useState, type FormEvent } from 'react';
import { useFieldErrors } from '@/lib/use-field-errors';
import { Field } from './field';
import { FormButtons } from './form-buttons';
import './authoring.css';

export function TitleForm({
  label,
  submitLabel,
  missing = 'Write a title.',
  onAdd,
}: {
  label: string;
  submitLabel: string;
  /** What the field says when it is sent empty. */
  missing?: string;
  onAdd: (title: string, done: () => void, failed: (error: unknown) => void) => void;
}) {
  const [title, setTitle] = useState('');
  const [pending, setPending] = useState(false);
  const { errors, show, fromError } = useFieldErrors<'title'>();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (show({ title: title.trim() ? undefined : missing }, form)) return;
    setPending(true);
    onAdd(
      title.trim(),
      () => {
        setPending(false);
        setTitle('');
      },
      (error) => {
        setPending(false);
        fromError(error, form);
      },
    );
  };
  return (
    <form className="inline-form" onSubmit={submit} noValidate>
      <Field
        label={label}
        value={title}
        maxLength={200}
        onChange={(e) => setTitle(e.target.value)}
        error={errors.title}
      />
      <FormButtons submitLabel={submitLabel} pending={pending} pendingLabel="Adding..." />
    </form>
  );
}
