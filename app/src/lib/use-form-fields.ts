import { useState, type ChangeEvent } from 'react';
import { useFieldErrors } from './use-field-errors';

type FieldElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * A form's text values, one per field named as the API names it, with the form's problems
 * (useFieldErrors): `field(name)` gives a Field its value, its change handler and its error, so each field
 * is written once; `reset()` empties the form again after a successful add.
 */
export function useFormFields<K extends string>(initial: Record<K, string>) {
  const [start] = useState(initial);
  const [values, setValues] = useState(initial);
  const problems = useFieldErrors<K>();
  const field = (name: K) => ({
    value: values[name],
    onChange: (event: ChangeEvent<FieldElement>) => setValues((v) => ({ ...v, [name]: event.target.value })),
    error: problems.errors[name],
  });
  return { ...problems, values, field, reset: () => setValues(start) };
}
