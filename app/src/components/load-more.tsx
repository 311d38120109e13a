/** The next page of a list read a page at a time (React Query's infinite queries): shown while there is one. */
export function LoadMore({
  query,
  className,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
  /** The list's own class beside the button's, for its spacing. */
  className: string;
}) {
  if (!query.hasNextPage) return null;
  return (
    <button
      type="button"
      className={`btn btn-secondary ${className}`}
      disabled={query.isFetchingNextPage}
      onClick={() => void query.fetchNextPage()}
    >
      {query.isFetchingNextPage ? 'Loading...' : 'Load more'}
    </button>
  );
}
