import { isRouteErrorResponse, useRouteError } from 'react-router-dom';

/**
 * The router's last-resort fallback (SPEC §2 'Unexpected Application Error!'): an error outside the page
 * area, where even the shell may be broken, so it uses a plain link that reloads from /.
 */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <main className="page page-standalone" aria-labelledby="route-error-title">
      <h1 id="route-error-title" className="page-title">
        Unexpected Application Error!
      </h1>
      <div className="card">
        <p className="error-text">{message}</p>
        <a className="btn btn-primary" href="/">
          Reload the portal
        </a>
      </div>
    </main>
  );
}
