import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { FieldErrors } from '@/lib/field-errors';
import { notify } from '@/lib/toast';
import { useFieldErrors } from '@/lib/use-field-errors';

/** A form's values: text fields and checkboxes. */
type Values<V> = Record<keyof V, string | boolean>;
export type Problems<V> = FieldErrors<keyof V & string>;

/**
 * The three /help forms: the values, the per-field problems (checked here first, with the API's rules, then
 * any the API still finds, beside their fields), a success toast and a reset once sent. A failed send keeps
 * what was typed.
 */
export function useHelpForm<V extends Values<V>>(options: {
  initial: V;
  check: (values: V) => Problems<V>;
  send: UseMutationResult<unknown, Error, V>;
  done: string;
}) {
  const { initial, check, send, done } = options;
  const [values, setValues] = useState(initial);
  const problems = useFieldErrors<keyof V & string>();

  const set = <K extends keyof V>(key: K, value: V[K]) => setValues((v) => ({ ...v, [key]: value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (problems.show(check(values), form)) return;
    try {
      // The API takes each value as typed but without the spaces around it.
      const trimmed = Object.fromEntries(
        Object.entries(values).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v]),
      ) as V;
      await send.mutateAsync(trimmed);
      notify.success(done);
      setValues(initial);
    } catch (error) {
      problems.fromError(error, form);
    }
  };

  return { values, set, problems: problems.errors, submit, pending: send.isPending };
}
