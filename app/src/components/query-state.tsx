/**
 * The states every screen shows for what it loads (app/README: loading, error, empty): 'Loading page....'
 * while the first answer is on its way, what could not be loaded with 'Try again', the screen's own words for
 * nothing yet, and otherwise `children` with the answer.
 */
import type { ReactNode } from 'react';
import { LoadFailed } from './load-failed';
import { PageLoading } from './page-loading';

/** The part of a React Query result the states read. */
interface StateQuery<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
}

const isEmptyList = (data: unknown) => Array.isArray(data) && data.length === 0;

export function QueryState<T>({
  query,
  what,
  empty,
  isEmpty = isEmptyList,
  loading = <PageLoading />,
  errorClassName,
  children,
}: {
  query: StateQuery<T>;
  /** What failed, in '{what} could not be loaded: {reason}'. */
  what: string;
  /** What an empty answer shows: a sentence (the screen's empty card) or an element of the screen's own. */
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  loading?: ReactNode;
  errorClassName?: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return loading;
  if (query.isError || query.data === undefined)
    return <LoadFailed what={what} error={query.error} retry={query.refetch} className={errorClassName} />;
  if (empty !== undefined && isEmpty(query.data))
    return typeof empty === 'string' ? <p className="card empty-state muted">{empty}</p> : empty;
  return children(query.data);
}

/** Two queries a screen shows together: loading until both are in, failed if either failed, retried together. */
export function bothQueries<A, B>(a: StateQuery<A>, b: StateQuery<B>): StateQuery<[A, B]> {
  return {
    isPending: a.isPending || b.isPending,
    isError: a.isError || b.isError,
    error: a.isError ? a.error : b.error,
    data: a.data !== undefined && b.data !== undefined ? [a.data, b.data] : undefined,
    refetch: () => Promise.all([a.refetch(), b.refetch()]),
  };
}
