import { errorMessage } from '@/lib/api-errors';

/** A query that failed: what could not be loaded, why, and a button that tries again. */
export function LoadFailed({
  what,
  error,
  retry,
  className = 'card empty-state',
}: {
  what: string;
  error: unknown;
  retry: () => unknown;
  className?: string;
}) {
  return (
    <div className={className} role="alert">
      <p>
        {what} could not be loaded: {errorMessage(error)}
      </p>
      <button type="button" className="btn btn-primary" onClick={() => void retry()}>
        Try again
      </button>
    </div>
  );
}
