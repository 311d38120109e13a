/** A page whose feature comes with a later issue: it says what will be there instead of showing nothing. */
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
