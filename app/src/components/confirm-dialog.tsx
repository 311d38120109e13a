import { useRef, type ReactNode } from 'react';
import { Modal } from './modal';

/**
 * A modal question before something that cannot be undone; the safe choice has the focus first. Where the
 * action is itself a cancelling, the safe button is named for what it keeps ("Keep meeting"), never "Cancel".
 */
export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  keepLabel = 'Cancel',
  pendingLabel = 'Deleting...',
  pending,
  onConfirm,
  onCancel,
  children,
}: {
  title: string;
  text: string;
  /** More the person should know before confirming (what else stops), below the text. */
  children?: ReactNode;
  confirmLabel: string;
  /** The safe button's words. */
  keepLabel?: string;
  /** The confirm button's words while the request runs. */
  pendingLabel?: string;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      role="alertdialog"
      labelledBy="confirm-title"
      describedBy="confirm-text"
      initialFocus={cancel}
      onClose={onCancel}
    >
      <h2 id="confirm-title">{title}</h2>
      <p id="confirm-text">{text}</p>
      {children}
      <div className="button-row">
        <button ref={cancel} type="button" className="btn" onClick={onCancel}>
          {keepLabel}
        </button>
        <button type="button" className="btn btn-danger" disabled={pending} onClick={onConfirm}>
          {pending ? pendingLabel : confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
