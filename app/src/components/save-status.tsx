import type { SaveStatus as Status } from '@/lib/autosave';

/**
 * An autosaved draft's state beside its form: "Saving…", "Saved", or "Not saved" with a retry. A polite live
 * region, so a screen reader hears that the change was kept without losing its place.
 */
export function SaveStatus({ status, retry }: { status: Status; retry: () => void }) {
  return (
    <p className="save-status" aria-live="polite">
      {status === 'saving' && 'Saving…'}
      {status === 'saved' && 'Saved'}
      {status === 'error' && (
        <>
          Not saved —{' '}
          <button type="button" className="btn btn-link" onClick={retry}>
            retry
          </button>
        </>
      )}
    </p>
  );
}
