import { useLoading } from '@/lib/loading';

/** The global loading overlay (SPEC §2), with its optional message. */
export function LoadingOverlay() {
  const { active, message } = useLoading();
  if (!active) return null;
  return (
    <div className="loading-overlay" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <p>{message ?? 'Loading...'}</p>
    </div>
  );
}
