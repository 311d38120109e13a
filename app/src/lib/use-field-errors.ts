import { useCallback, useEffect, useRef, useState } from 'react';
import { fieldErrorsOf, type FieldErrors } from './field-errors';

/**
 * A form's problems, one plain sentence per field, shown beside the field (components/field.tsx ties it with
 * aria-invalid and aria-describedby): the form's own checks before sending, then the API's 422 for the fields
 * it shows. What was typed stays; the keyboard goes to the first field to fix.
 */
export function useFieldErrors<K extends string>() {
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  const focusIn = useRef<HTMLFormElement | null>(null);

  // Once React has marked the fields (an effect runs after the commit; a timer or an animation frame may run
  // before it when the main thread is busy, and then finds no field to focus).
  useEffect(() => {
    const form = focusIn.current;
    focusIn.current = null;
    form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  /** Shows `found` (replacing what was shown); true when there is something to fix. */
  const show = useCallback((found: FieldErrors<K>, form?: HTMLFormElement | null): boolean => {
    const any = Object.values(found).some(Boolean);
    focusIn.current = any && form ? form : null;
    setErrors(found);
    return any;
  }, []);

  /** After a failed call: the 422's sentences for this form's fields (the interceptor toasted the rest). */
  const fromError = useCallback(
    (error: unknown, form?: HTMLFormElement | null) => show(fieldErrorsOf<K>(error), form),
    [show],
  );

  return { errors, show, fromError, clear: useCallback(() => setErrors({}), []) };
}
