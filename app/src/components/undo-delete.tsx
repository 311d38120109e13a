/**
 * Delete with undo: the item disappears at once, a toast offers "Undo" for a few seconds, and only when that
 * time is over is the delete sent to the API. Undo within the time puts the item back and sends nothing.
 * Leaving the page (pagehide) sends the deletes still waiting, so a delete the user saw happen is not lost.
 */
import { toast } from 'react-toastify/unstyled';

export const UNDO_MS = 6000;

interface UndoableDelete {
  /** What the toast says: 'Lesson deleted'. */
  message: string;
  /** Hides the item at once (e.g. from the query cache). */
  hide: () => void;
  /** Puts it back after Undo, or after the API refused the delete. */
  restore: () => void;
  /** The API call, made once the undo time is over. */
  commit: () => Promise<unknown>;
}

const waiting = new Set<() => void>();

function sendWaiting() {
  for (const send of [...waiting]) send();
}

export function deleteWithUndo({ message, hide, restore, commit }: UndoableDelete): void {
  hide();
  let done = false;
  const toastId = toast.info(
    ({ closeToast }) => (
      <span className="undo-toast">
        {message}{' '}
        <button
          type="button"
          className="btn btn-link"
          onClick={() => {
            undo();
            closeToast();
          }}
        >
          Undo
        </button>
      </span>
    ),
    { autoClose: UNDO_MS, closeOnClick: false },
  );
  const send = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    waiting.delete(send);
    if (waiting.size === 0) window.removeEventListener('pagehide', sendWaiting);
    commit().catch(() => restore());
  };
  function undo() {
    if (done) return;
    done = true;
    clearTimeout(timer);
    waiting.delete(send);
    restore();
    toast.dismiss(toastId);
  }
  // Our own timer, not the toast's: a toast pauses while hovered and may never close in a hidden tab.
  const timer = setTimeout(send, UNDO_MS);
  waiting.add(send);
  window.addEventListener('pagehide', sendWaiting);
}
