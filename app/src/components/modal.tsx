import { useEffect, useRef, type ReactNode, type RefObject } from 'react';

/**
 * A modal dialog: focus starts on `initialFocus` (the safe choice), Escape closes, Tab stays among the dialog's
 * buttons, and focus returns to what had it when the dialog closes.
 */
export function Modal({
  role = 'dialog',
  labelledBy,
  describedBy,
  className = 'modal',
  initialFocus,
  onClose,
  children,
}: {
  role?: 'dialog' | 'alertdialog';
  labelledBy: string;
  describedBy?: string;
  className?: string;
  initialFocus: RefObject<HTMLElement | null>;
  onClose: () => void;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    initialFocus.current?.focus();
    // On the document, not the dialog: Escape works wherever focus is while the dialog is open.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') return closeRef.current();
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
    // The focus target is read once, when the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div className="modal-backdrop">
      <div
        ref={dialog}
        className={className}
        role={role}
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
      >
        {children}
      </div>
    </div>
  );
}
