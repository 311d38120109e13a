/** Previous and Next under a paged list, with where the reader is; nothing when it all fits on one page. */
export function Pager({
  page,
  perPage,
  total,
  label,
  onPage,
}: {
  page: number;
  perPage: number;
  total: number;
  label: string;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / perPage));
  if (pages === 1) return null;
  return (
    <nav className="admin-pager" aria-label={label}>
      <button type="button" className="btn" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous page
      </button>
      <span aria-live="polite">
        Page {page} of {pages}
      </span>
      <button type="button" className="btn" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next page
      </button>
    </nav>
  );
}
