/**
 * A lesson's checklist in the coach's lesson editor: items of one plain line that the lesson's members tick
 * under its steps. Added below the list, edited in place, reordered by drag or by the move buttons (the drag
 * handle works from the keyboard too), removed with an undo; the whole list is autosaved ("Saved" shown).
 * During a removal's undo time the item is hidden but still saved, so Undo keeps the members' ticks of it.
 */
import { useRef, useState } from 'react';
import { useAutosave } from '@/lib/autosave';
import { Field } from '@/components/field';
import { QueryState } from '@/components/query-state';
import { SaveStatus } from '@/components/save-status';
import { SortableList } from '@/components/sortable-list';
import { TitleForm } from '@/components/title-form';
import { useUndoableDelete } from '@/components/use-undoable-delete';
import { CHECKLIST_LIMITS, useChecklist, useSaveChecklist, type ChecklistItem } from '../api/coach-checklist';
import './lesson-checklist-editor.css';

/** An item as the editor holds it: `key` names it on the page, `id` on the server (null until first saved). */
interface DraftItem {
  key: number;
  id: number | null;
  text: string;
}

const EMPTY = 'Write the item, or remove it.';

function ChecklistForm({ lessonId, loaded }: { lessonId: number; loaded: ChecklistItem[] }) {
  const save = useSaveChecklist(lessonId);
  const [items, setItems] = useState<DraftItem[]>(() => loaded.map((item) => ({ key: item.id, ...item })));
  // New items' keys count down from -1, so they never meet a server id.
  const lastKey = useRef(0);
  const { hidden, remove } = useUndoableDelete();
  const { status, retry } = useAutosave(items, async (value) => {
    if (value.some((item) => !item.text.trim())) throw new Error(EMPTY);
    const stored = await save(value.map((item) => ({ id: item.id, text: item.text.trim() })));
    // The answer keeps the order sent: a new item's id is at its place in the list.
    const ids = new Map(value.map((item, index) => [item.key, stored[index]?.id]));
    setItems((list) =>
      list.map((item) => {
        const id = ids.get(item.key);
        return item.id === null && id !== undefined ? { ...item, id } : item;
      }),
    );
  });
  const shown = items.filter((item) => !hidden.has(item.key));
  const setText = (key: number, text: string) =>
    setItems((list) => list.map((item) => (item.key === key ? { ...item, text } : item)));
  // The shown items in their new order, the hidden ones (waiting for their undo time) left where they were.
  // Read by key from the list as it is now, not as the rows were drawn: an id the last save gave stays on.
  const move = (moved: { id: number }[]) =>
    setItems((list) => {
      const byKey = new Map(list.map((item) => [item.key, item]));
      const queue = moved.flatMap((row) => byKey.get(row.id) ?? []);
      return list.map((item) => (hidden.has(item.key) ? item : (queue.shift() ?? item)));
    });
  const drop = (item: DraftItem) =>
    remove(item.key, `“${item.text.trim() || 'Empty item'}” removed.`, async () =>
      setItems((list) => list.filter((other) => other.key !== item.key)),
    );
  return (
    <>
      <SaveStatus status={status} retry={retry} />
      {shown.length === 0 ? (
        <p className="muted">No checklist yet: add the first thing members should do below.</p>
      ) : (
        <SortableList
          label="Checklist"
          items={shown.map((item, index) => ({
            id: item.key,
            label: item.text.trim() || `Item ${index + 1}`,
            content: (
              <div className="checklist-row">
                <Field
                  label={`Item ${index + 1}`}
                  value={item.text}
                  maxLength={CHECKLIST_LIMITS.length}
                  onChange={(e) => setText(item.key, e.target.value)}
                  error={item.text.trim() ? undefined : EMPTY}
                />
                <button
                  type="button"
                  className="btn btn-link"
                  aria-label={`Remove “${item.text.trim() || `Item ${index + 1}`}”`}
                  onClick={() => drop(item)}
                >
                  Remove
                </button>
              </div>
            ),
          }))}
          onMove={move}
        />
      )}
      {items.length < CHECKLIST_LIMITS.items ? (
        <TitleForm
          label="New checklist item"
          submitLabel="Add item"
          missing="Write the item."
          onAdd={(text, done) => {
            lastKey.current -= 1;
            const key = lastKey.current;
            setItems((list) => [...list, { key, id: null, text }]);
            done();
          }}
        />
      ) : (
        <p className="muted">A checklist holds at most {CHECKLIST_LIMITS.items} items.</p>
      )}
    </>
  );
}

export function LessonChecklistEditor({ lessonId }: { lessonId: number }) {
  const query = useChecklist(lessonId);
  return (
    <section className="card lesson-checklist-editor" aria-labelledby="lesson-checklist">
      <h2 id="lesson-checklist">Checklist</h2>
      <p className="field-hint">
        Members tick these under the lesson’s steps, and the lesson is completed when every step and every
        item is ticked. Adding an item makes the lesson incomplete again for members who had completed it;
        removing one removes their ticks of it.
      </p>
      <QueryState query={query} what="The checklist" loading={<p role="status">Loading the checklist…</p>}>
        {(items) => <ChecklistForm lessonId={lessonId} loaded={items} />}
      </QueryState>
    </section>
  );
}
