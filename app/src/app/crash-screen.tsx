/**
 * The crash screen of SPEC §2 for an uncaught rendering error in a page: 'Errors', the details (the stack only
 * in development builds), 'Report this Error' and 'Return Home'. A successful report logs out and returns to
 * / after 3000 ms (SPEC §4).
 */
import './crash-screen.css';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useRouteError } from 'react-router-dom';
import { logout } from '@/features/auth/api/logout';
import { formatDateTime } from '@/lib/dates';
import { encodeUserId, useReportError } from '@/features/help/api/report-error';
import { sessionStore } from '@/lib/session';
import { notify } from '@/lib/toast';
import { paths } from '@/config/paths';
import { usePortal } from '@/lib/portal-context';
import { PageFrame } from '@/components/page-frame';

export const REPORTED = 'The Error has been reported to the support team';
export const REPORT_REDIRECT_MS = 3000;

const asError = (value: unknown): Error =>
  value instanceof Error ? value : new Error(typeof value === 'string' ? value : JSON.stringify(value));

export default function CrashScreen({ error: given }: { error?: unknown }) {
  const routeError = useRouteError();
  const error = asError(given ?? routeError);
  const { config } = usePortal();
  const navigate = useNavigate();
  const report = useReportError();
  const [occurredAt] = useState(() => formatDateTime(Date.now()));
  const [reported, setReported] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const send = async () => {
    setReported(true);
    const user = sessionStore.get()?.user;
    try {
      await report.mutateAsync({
        // Cut to the API's limits: an over-long report would be refused as a whole.
        url: window.location.href.slice(0, 2048),
        host: window.location.host,
        pathname: window.location.pathname.slice(0, 2048),
        user_id: user ? await encodeUserId(user.id, config.hashidsSalt ?? config.domain) : null,
        message:
          `${error.name}: ${error.message} (at ${occurredAt})${error.stack ? `\n${error.stack}` : ''}`.slice(
            0,
            20_000,
          ),
        subject:
          `${config.name} (tenant ${config.tenantId}, version ${config.version}): ${error.message}`.slice(
            0,
            250,
          ),
      });
    } catch {
      setReported(false); // The failure is a toast already; the user may try again.
      return;
    }
    notify.success(REPORTED);
    timer.current = setTimeout(() => {
      void logout('user').then(() => navigate(paths.home, { replace: true }));
    }, REPORT_REDIRECT_MS);
  };

  return (
    <PageFrame title="Errors" className="crash-screen" titleId="crash-title">
      <div className="card">
        <p className="crash-lead">Oops! looks like you&apos;ve run into an error.</p>
        <details className="crash-details">
          <summary>Error details</summary>
          <p className="error-text">{error.message || error.name}</p>
          <p className="muted">Occurred at {occurredAt}</p>
          {config.environment === 'development' && error.stack && <pre>{error.stack}</pre>}
        </details>
        <div className="button-row">
          <button type="button" className="btn btn-primary" disabled={reported} onClick={() => void send()}>
            {report.isPending ? 'Reporting...' : 'Report this Error'}
          </button>
          <button type="button" className="btn" onClick={() => navigate(paths.home)}>
            Return Home
          </button>
        </div>
      </div>
    </PageFrame>
  );
}
