/** The full-screen overlay shown before the app renders: 'Loading theme...' or 'Error: {message}'. */
export function BootOverlay({ message, failed = false }: { message: string; failed?: boolean }) {
  return (
    <div className="boot-overlay" role={failed ? 'alert' : 'status'} aria-live="polite" aria-busy={!failed}>
      {!failed && <span className="spinner" aria-hidden="true" />}
      <p>{message}</p>
    </div>
  );
}
