/**
 * A list's deletes with undo (./undo-delete): the ids hidden while their undo time runs, and the call
 * that hides one, offers Undo and sends the delete afterwards (or shows it again on Undo or a refusal).
 */
import { useState } from 'react';
import { deleteWithUndo } from './undo-delete';

export function useUndoableDelete() {
  const [hidden, setHidden] = useState<ReadonlySet<number>>(new Set());
  const remove = (id: number, message: string, commit: () => Promise<unknown>) =>
    deleteWithUndo({
      message,
      hide: () => setHidden((h) => new Set(h).add(id)),
      restore: () =>
        setHidden((h) => {
          const next = new Set(h);
          next.delete(id);
          return next;
        }),
      commit,
    });
  return { hidden, remove };
}
