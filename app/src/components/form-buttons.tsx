import type { ReactNode } from 'react';

/**
 * A form's buttons: its submit button (its pending words, 'Saving...' unless the form says otherwise, while the
 * request runs) and, for a form that can be left, Cancel; `children` go beside them (a progress bar, a note).
 */
export function FormButtons({
  submitLabel,
  pending,
  pendingLabel = 'Saving...',
  disabled = false,
  onCancel,
  children,
}: {
  submitLabel: string;
  pending: boolean;
  pendingLabel?: string;
  /** Not yet sendable for another reason than a request on its way (uploads still running). */
  disabled?: boolean;
  onCancel?: (() => void) | undefined;
  children?: ReactNode;
}) {
  return (
    <div className="button-row">
      <button type="submit" className="btn btn-primary" disabled={pending || disabled}>
        {pending ? pendingLabel : submitLabel}
      </button>
      {onCancel && (
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
      )}
      {children}
    </div>
  );
}
