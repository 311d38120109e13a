import type { UseMutationResult } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import { useState, type FormEvent } from 'react';
import { notify } from '@/lib/toast';

/** A form's values: text fields and checkboxes. */
type Values<V> = Record<keyof V, string | boolean>;
export type Problems<V> = Partial<Record<keyof V, string>>;

/** The API's 422 `{ error: { field: [...] } }`, as one message per field of this form. */
function serverProblems<V extends Values<V>>(error: unknown, values: V): Problems<V> {
  const fields: unknown = isAxiosError(error) ? error.response?.data?.error : undefined;
  if (typeof fields !== 'object' || fields === null) return {};
  const problems: Problems<V> = {};
  for (const [field, messages] of Object.entries(fields)) {
    if (field in values && Array.isArray(messages)) problems[field as keyof V] = messages.join(' ');
  }
  return problems;
}

/**
 * The three /help forms: the values, the per-field problems (checked here first, with the API's rules, then
 * any the API still finds), a success toast and a reset once sent. A failed send keeps what was typed; the
 * interceptor has already said why.
 */
export function useHelpForm<V extends Values<V>>(options: {
  initial: V;
  check: (values: V) => Problems<V>;
  send: UseMutationResult<unknown, Error, V>;
  done: string;
}) {
  const { initial, check, send, done } = options;
  const [values, setValues] = useState(initial);
  const [problems, setProblems] = useState<Problems<V>>({});

  const set = <K extends keyof V>(key: K, value: V[K]) => setValues((v) => ({ ...v, [key]: value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const found = check(values);
    setProblems(found);
    if (Object.keys(found).length) {
      // After React has marked the fields, take the keyboard to the first one to fix.
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    try {
      // The API takes each value as typed but without the spaces around it.
      const trimmed = Object.fromEntries(
        Object.entries(values).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v]),
      ) as V;
      await send.mutateAsync(trimmed);
      notify.success(done);
      setValues(initial);
    } catch (error) {
      setProblems(serverProblems(error, values));
    }
  };

  return { values, set, problems, submit, pending: send.isPending };
}
