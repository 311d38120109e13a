import { useState, type FormEvent } from 'react';
import { Field } from '@/components/field';
import { FormButtons } from '@/components/form-buttons';
import { useFieldErrors } from '@/lib/use-field-errors';
import { useAddArea } from '../api/add-area';
import type { AreaFields } from '../api/get-assessment';

/** A new analysis line by its name; its figures are then typed in place (and saved as typed). */
export function AddAreaForm({ clientId, assessmentId }: { clientId: number; assessmentId: number }) {
  const add = useAddArea(clientId, assessmentId);
  const [name, setName] = useState('');
  const { errors, show, fromError } = useFieldErrors<keyof AreaFields>();
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (show({ ...(!name.trim() && { name: 'Give the line a name.' }) }, form)) return;
    try {
      await add.mutateAsync({
        name: name.trim(),
        score: 0,
        current_amount: 0,
        potential_amount: 0,
        focus_rank: null,
        goal: '',
      });
      setName('');
    } catch (error) {
      fromError(error, form);
    }
  };
  return (
    <form className="card" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="add-area-title">
      <h2 id="add-area-title">New analysis line</h2>
      <Field
        label="Line name"
        value={name}
        maxLength={200}
        onChange={(e) => setName(e.target.value)}
        error={errors.name}
      />
      <FormButtons submitLabel="Add line" pending={add.isPending} />
    </form>
  );
}
