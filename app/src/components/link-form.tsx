import { useState, type ComponentPropsWithoutRef, type FormEvent } from 'react';
import { Field } from './field';
import { FormButtons } from './form-buttons';
import { useFieldErrors } from '@/lib/use-field-errors';

/** A titled web address, as the library, a lesson and a group's recordings keep them. */
interface TitledLink {
  title: string;
  url: string;
}

const isWebAddress = (url: string) => /^https?:\/\/\S+$/i.test(url);

/**
 * The form that adds a titled link: the title and its http(s) address, checked before sending, the API's
 * reasons shown beside them, and cleared only once `onAdd` resolves so a refused save keeps what was typed.
 * `urlKey` is the API's name for the address, whose 422 sentence shows beside it.
 */
export function LinkForm({
  labels,
  problems,
  urlKey = 'url',
  pending,
  pendingLabel,
  onAdd,
  children,
  ...form
}: {
  labels: { title: string; url: string; submit: string };
  /** What a missing title or an address that is not http(s) says. */
  problems: { title: string; url: string };
  urlKey?: string;
  pending: boolean;
  pendingLabel?: string;
  onAdd: (link: TitledLink) => Promise<unknown>;
} & Omit<ComponentPropsWithoutRef<'form'>, 'onSubmit' | 'noValidate'>) {
  const [title, setTitle] = useState('');
  const [url, setUrl] = useState('');
  const { errors, show, fromError } = useFieldErrors<string>();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const target = event.currentTarget;
    const found = {
      ...(!title.trim() && { title: problems.title }),
      ...(!isWebAddress(url.trim()) && { [urlKey]: problems.url }),
    };
    if (show(found, target)) return;
    try {
      await onAdd({ title: title.trim(), url: url.trim() });
    } catch (error) {
      fromError(error, target);
      return;
    }
    setTitle('');
    setUrl('');
  };

  return (
    <form {...form} onSubmit={(e) => void submit(e)} noValidate>
      {children}
      <Field
        label={labels.title}
        value={title}
        maxLength={200}
        onChange={(e) => setTitle(e.target.value)}
        error={errors.title}
      />
      <Field
        label={labels.url}
        type="url"
        value={url}
        maxLength={2000}
        onChange={(e) => setUrl(e.target.value)}
        error={errors[urlKey]}
      />
      <FormButtons submitLabel={labels.submit} pending={pending} pendingLabel={pendingLabel} />
    </form>
  );
}
