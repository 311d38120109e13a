/** GraphQL at /gapi with the session token in the `token` header (SPEC §7), through the same axios instance. */
import type { AxiosRequestConfig } from 'axios';
import { api } from './api-client';
import { sessionStore } from './session';
import { notify } from './toast';

interface GraphQLAnswer {
  data?: Record<string, unknown> | null;
  errors?: { message: string }[];
}

class GraphQLError extends Error {}

/**
 * Runs `query` and returns its root `field`. An answer without that field is a failure like any other, never
 * undefined: query functions hand this straight to React Query, which refuses undefined data, and a page would
 * otherwise render from nothing.
 */
export async function gql<T>(
  field: string,
  query: string,
  variables: Record<string, unknown> = {},
  options: Pick<AxiosRequestConfig, 'signal' | 'silent' | 'fields'> = {},
): Promise<T> {
  const token = sessionStore.get()?.token;
  // `fields`: the arguments whose refusals (422, extensions.field) the calling form shows beside its controls.
  const response = await api.post<GraphQLAnswer>(
    '/gapi',
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
