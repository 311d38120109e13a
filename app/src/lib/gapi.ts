/** GraphQL at /gapi with the session token in the `token` header (SPEC §7), through the same API client. */
import type { FlagFields } from '../../../contracts/training-flags';
import { api, type RequestOptions } from './api-client';
import { sessionStore } from './session';
import { notify } from './toast';

interface GraphQLAnswer {
  data?: Record<string, unknown> | null;
  errors?: { message: string }[];
}

class GraphQLError extends Error {}

declare const tagged: unique symbol;
/** A document written with the `graphql` tag: the only kind gql() sends. */
type GraphQLDocument = string & { readonly [tagged]: true };

/**
 * Tags a GraphQL document; its `${…}` parts are the fragment definitions it spreads, tagged too, or the flags'
 * fields (FLAG_FIELDS), so a new flag is asked for without an edit to the documents. Each document the app sends
 * is a constant written with this tag, and gql() takes nothing else, so scripts/app-graphql.test.ts finds them
 * all in the source and checks each against the API's schema.
 */
export const graphql = (
  text: TemplateStringsArray,
  ...parts: (GraphQLDocument | FlagFields)[]
): GraphQLDocument => text.map((part, i) => part + (parts[i] ?? '')).join('') as GraphQLDocument;

/** Where gql() posts; index.html's inline script posts a page's first query there too (boot/early-pages). */
export const GAPI_URL = '/gapi';

/**
 * Runs `query` and returns its root `field`. An answer without that field is a failure like any other, never
 * undefined: query functions hand this straight to React Query, which refuses undefined data, and a page would
 * otherwise render from nothing.
 */
export async function gql<T>(
  field: string,
  query: GraphQLDocument,
  variables: Record<string, unknown> = {},
  options: Pick<RequestOptions, 'signal' | 'silent' | 'fields'> = {},
): Promise<T> {
  const token = sessionStore.get()?.token;
  // `fields`: the arguments whose refusals (422, extensions.field) the calling form shows beside its controls.
  const response = await api.post<GraphQLAnswer>(
    GAPI_URL,
    { query, variables },
    { ...options, headers: token ? { token } : {} },
  );
  const { data, errors } = response.data;
  const value = data?.[field];
  if (errors?.length || value == null) {
    // GraphQL reports failures inside a 200 answer, which the HTTP interceptor never sees.
    const message = errors?.map((e) => e.message).join(' ') || 'The server returned no data.';
    if (!options.silent) notify.error(message);
    throw new GraphQLError(message);
  }
  return value as T;
}
