import { useEffect, useRef, type ReactNode, type RefObject } from 'react';

/**
 * A modal dialog: focus starts on `initialFocus` (the safe choice), Escape closes, Tab stays among the dialog's
 * buttons and frames (a previewed PDF), and focus returns to what had it when the dialog closes. Tab inside a
 * frame is the frame's own, so focus that leaves the dialog anyway is brought back to its first control.
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
    const controls = () => [
      ...(dialog.current?.querySelectorAll<HTMLElement>('button:not(:disabled), iframe') ?? []),
    ];
    // On the document, not the dialog: Escape works wherever focus is while the dialog is open.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') return closeRef.current();
      if (event.key !== 'Tab') return;
      const buttons = controls();
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
    const onFocusIn = (event: FocusEvent) => {
      if (!dialog.current?.contains(event.target as Node)) controls()[0]?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
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
