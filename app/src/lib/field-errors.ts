/**
 * The API's validation answer, 422 `{ message, error: { <field>: ['sentence', ...] } }`, whose keys are the
 * request body's field names; from /gapi, a 422 whose `errors[]` each name their argument in
 * `extensions.field` (api/src/graphql/answer.ts). A form that shows those fields next to their controls names
 * them in the request (`fields`, see api-client.ts; gql() passes them on); the interceptor then toasts only
 * what no field on the form shows, and the form reads its own with fieldErrorsOf().
 */
import { isApiError } from './api-call';

export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A GraphQL refusal's errors[] as { field: [sentence] }, for the errors that name their argument. */
function graphqlFields(errors: unknown): Record<string, unknown[]> {
  const fields: Record<string, unknown[]> = {};
  for (const e of Array.isArray(errors) ? errors : []) {
    const field: unknown = isRecord(e) && isRecord(e.extensions) ? e.extensions.field : undefined;
    if (typeof field === 'string' && field) (fields[field] ??= []).push(e.message);
  }
  return fields;
}

/** Every field a 422 names, with its sentences joined; {} for any other failure. */
function allFieldErrors(error: unknown): FieldErrors {
  if (!isApiError(error) || error.response?.status !== 422) return {};
  const data: unknown = error.response.data;
  if (!isRecord(data)) return {};
  const fields = isRecord(data.error) ? data.error : graphqlFields(data.errors);
  const out: FieldErrors = {};
  for (const [field, sentences] of Object.entries(fields)) {
    const list = (Array.isArray(sentences) ? sentences : [sentences]).filter(
      (s): s is string => typeof s === 'string' && s.length > 0,
    );
    if (list.length) out[field] = list.join(' ');
  }
  return out;
}

/** The 422's sentences for the fields a form shows (the ones its request named in `fields`). */
export function fieldErrorsOf<K extends string>(error: unknown): FieldErrors<K> {
  const shown = isApiError(error) ? error.request.fields : undefined;
  if (!shown) return {};
  const all = allFieldErrors(error);
  return Object.fromEntries(shown.filter((f) => all[f]).map((f) => [f, all[f]])) as FieldErrors<K>;
}

/**
 * What the interceptor still has to toast of a 422 whose request named the fields its form shows: the
 * sentences of the other fields, joined; '' when the form shows every one. null when the answer names no
 * field at all (the usual message rules apply then).
 */
export function unshownFieldErrors(error: unknown): string | null {
  const all = allFieldErrors(error);
  if (!Object.keys(all).length) return null;
  const shown = new Set(isApiError(error) ? (error.request.fields ?? []) : []);
  return Object.entries(all)
    .filter(([field]) => !shown.has(field))
    .map(([, sentence]) => sentence)
    .join(' ');
}
