import type { useFieldErrors } from '@/lib/use-field-errors';

type Problems = Pick<ReturnType<typeof useFieldErrors>, 'fromError' | 'clear'>;

/**
 * Runs a task form's save. The API's refusal of the form's own fields shows beside them (anything else was a
 * toast: the API client) and what was typed stays for another try; a save clears the old refusals.
 */
export async function saveShowing(form: HTMLFormElement, problems: Problems, run: () => Promise<void>) {
  try {
    await run();
    problems.clear();
  } catch (error) {
    problems.fromError(error, form);
  }
}
