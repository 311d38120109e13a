/** The Person screen: being built (its API is listed in api/README.md). */
export default function Page() {
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title" className="page-title">
        Person
      </h1>
      <div className="card">
        <p>This screen is being built.</p>
      </div>
    </section>
  );
}
