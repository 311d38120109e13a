import { useState } from 'react';

/** Text fields as strings for inputs; null for empty ones when sent (the API stores "no value" as null). */
export function useFormState<K extends string>(initial: Record<K, string | null>) {
  const [values, setValues] = useState(() => {
    const out = {} as Record<K, string>;
    for (const key of Object.keys(initial) as K[]) out[key] = initial[key] ?? '';
    return out;
  });
  const bind = (key: K) => ({
    name: key,
    value: values[key],
    onChange: (event: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [key]: event.target.value })),
  });
  const payload = () => {
    const out = {} as Record<K, string | null>;
    for (const key of Object.keys(values) as K[]) out[key] = values[key].trim() || null;
    return out;
  };
  return { values, bind, payload };
}
