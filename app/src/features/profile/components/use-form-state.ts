import { useState } from 'react';
import { withScheme } from '@/lib/http-link';
import { useFieldErrors } from '@/lib/use-field-errors';

/**
 * Text fields as strings for inputs; null for empty ones when sent (the API stores "no value" as null). Each
 * bound field carries its problem (`problems`, see lib/use-field-errors.ts).
 */
export function useFormState<K extends string>(
  initial: Record<K, string | null>,
  /** The web address fields, sent with https:// added when no scheme was typed (also on blur). */
  urls: readonly NoInfer<K>[] = [],
) {
  const [values, setValues] = useState(() => {
    const out = {} as Record<K, string>;
    for (const key of Object.keys(initial) as K[]) out[key] = initial[key] ?? '';
    return out;
  });
  const problems = useFieldErrors<K>();
  const set = (key: K, value: string) => setValues((v) => ({ ...v, [key]: value }));
  const bind = (key: K) => ({
    name: key,
    value: values[key],
    onChange: (event: { target: { value: string } }) => set(key, event.target.value),
    error: problems.errors[key],
    // A web address gets its https:// as the field is left, so the person sees what will be saved.
    ...(urls.includes(key) && { onBlur: () => set(key, withScheme(values[key])) }),
  });
  const payload = () => {
    const out = {} as Record<K, string | null>;
    for (const key of Object.keys(values) as K[]) {
      const value = urls.includes(key) ? withScheme(values[key]) : values[key].trim();
      out[key] = value || null;
    }
    return out;
  };
  return { values, bind, payload, problems };
}
