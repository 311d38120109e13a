/** The coach's Requests screen: being built (its API is under /api/v1/coach/, see api/README.md). */
export default function Page() {
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title" className="page-title">
        Requests
      </h1>
      <div className="card">
        <p>This screen is being built.</p>
      </div>
    </section>
  );
}
