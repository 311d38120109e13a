/** 'Loading page....' (SPEC §2): a lazy page's chunk on its way, or a page's own first data. */
export function PageLoading() {
  return (
    <div className="page-state" role="status">
      <span className="spinner spinner-inline" aria-hidden="true" /> Loading page....
    </div>
  );
}
