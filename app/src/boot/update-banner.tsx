/**
 * Shown when a newer version is live but the page already reloaded once for it (the version check's guard):
 * the user decides when to reload instead of the app looping.
 */
import { useState } from 'react';
import { reloadForUpdate } from './version-check';

export function UpdateBanner({
  onReload = () => reloadForUpdate(),
}: {
  onReload?: () => Promise<void> | void;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <div className="update-banner" role="status" style={bannerStyle}>
      <span>A new version is available</span>
      <button
        type="button"
        className="btn btn-primary"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void onReload();
        }}
      >
        Reload
      </button>
    </div>
  );
}

// Inline so the banner works before (and without) any stylesheet; colours follow the tenant theme.
const bannerStyle = {
  position: 'fixed',
  insetInline: 0,
  bottom: 0,
  zIndex: 1000,
  display: 'flex',
  gap: '1rem',
  alignItems: 'center',
  justifyContent: 'center',
  padding: '0.5rem 1rem',
  background: 'var(--color-primary, #14143f)',
  color: 'var(--color-text-inverse-color, #ffffff)',
} as const;
