/** The form that makes a key: its name (what it is for) and its scope. */
import { useState, type FormEvent } from 'react';
import { Field, SelectField } from '@/components/field';
import { FormButtons } from '@/components/form-buttons';
import { useFieldErrors } from '@/lib/use-field-errors';
import { useCreateKey, type MadeKey, type NewKey } from '../api/create-key';
import type { KeyScope } from '../api/get-keys';

export function NewKeyForm({ onMade }: { onMade: (made: MadeKey) => void }) {
  const create = useCreateKey();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<KeyScope>('read');
  const { errors, fromError, clear } = useFieldErrors<keyof NewKey>();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    try {
      const made = await create.mutateAsync({ name: name.trim(), scope });
      clear();
      setName('');
      onMade(made);
    } catch (error) {
      fromError(error, form);
    }
  };

  return (
    <form className="card key-form" onSubmit={(event) => void submit(event)} aria-labelledby="new-key-title">
      <h2 id="new-key-title">New API key</h2>
      <Field
        label="Name"
        hint="What uses it, such as “CRM sync”."
        name="name"
        required
        maxLength={100}
        value={name}
        error={errors.name}
        onChange={(event) => setName(event.target.value)}
      />
      <SelectField
        label="Access"
        name="scope"
        value={scope}
        error={errors.scope}
        onChange={(event) => setScope(event.target.value as KeyScope)}
      >
        <option value="read">Read only: lists what clients did</option>
        <option value="read-write">Read and write: also adds people, meetings and messages</option>
      </SelectField>
      <FormButtons submitLabel="Make key" pending={create.isPending} pendingLabel="Making..." />
    </form>
  );
}
