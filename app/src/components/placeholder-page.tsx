/**
 * A route of SPEC §2 whose screen is not built yet: the menu already links to it, so it says what will be there
 * rather than leaving an empty page or a 404.
 */
export function PlaceholderPage({ title, children }: { title: string; children: string }) {
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title" className="page-title">
        {title}
      </h1>
      <div className="card empty-state">
        <p>{children}</p>
        <p className="muted">This section is being prepared and will appear here soon.</p>
      </div>
    </section>
  );
}
