/** GraphQL at /gapi with the session token in the `token` header (SPEC §7), through the same axios instance. */
import { api } from './api-client';
import { sessionStore } from './session';
import { notify } from './toast';

interface GraphQLAnswer<T> {
  data?: T | null;
  errors?: { message: string }[];
}

export class GraphQLError extends Error {}

export async function gql<T>(
  query: string,
  variables: Record<string, unknown> = {},
  options: { signal?: AbortSignal; silent?: boolean } = {},
): Promise<T> {
  const token = sessionStore.get()?.token;
  const response = await api.post<GraphQLAnswer<T>>(
    '/gapi',
    { query, variables },
    { headers: token ? { token } : {}, signal: options.signal, silent: options.silent },
  );
  const { data, errors } = response.data;
  if (errors?.length || data == null) {
    // GraphQL reports failures inside a 200 answer, which the HTTP interceptor never sees.
    const message = errors?.map((e) => e.message).join(' ') || 'The server returned no data.';
    if (!options.silent) notify.error(message);
    throw new GraphQLError(message);
  }
  return data;
}
