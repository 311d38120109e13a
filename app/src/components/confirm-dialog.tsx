import { useEffect, useRef } from 'react';

/**
 * A modal question before something that cannot be undone. Focus starts on the safe choice (Cancel), Escape
 * cancels, Tab stays inside the dialog, and focus returns to what had it when the dialog closes.
 */
export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  pending,
  onConfirm,
  onCancel,
}: {
  title: string;
  text: string;
  confirmLabel: string;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const dialog = useRef<HTMLDivElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef(onCancel);
  useEffect(() => {
    cancelRef.current = onCancel;
  });
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    cancel.current?.focus();
    // On the document, not the dialog: Escape works wherever focus is while the dialog is open.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') return cancelRef.current();
      if (event.key !== 'Tab') return;
      const buttons = [
        ...(dialog.current?.querySelectorAll<HTMLButtonElement>('button:not(:disabled)') ?? []),
      ];
      const first = buttons[0];
      const last = buttons[buttons.length - 1];
      const inside = dialog.current?.contains(document.activeElement);
      if (!inside || (event.shiftKey && document.activeElement === first)) {
        event.preventDefault();
        (event.shiftKey ? last : first)?.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      before?.focus();
    };
  }, []);

  return (
    <div className="modal-backdrop">
      <div
        ref={dialog}
        className="modal"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="confirm-title"
        aria-describedby="confirm-text"
      >
        <h2 id="confirm-title">{title}</h2>
        <p id="confirm-text">{text}</p>
        <div className="button-row">
          <button ref={cancel} type="button" className="btn" onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className="btn btn-danger" disabled={pending} onClick={onConfirm}>
            {pending ? 'Deleting...' : confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
