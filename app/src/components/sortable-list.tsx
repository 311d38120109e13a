/**
 * A list the coach puts in order: drag a row by its handle (pointer, or the handle's keyboard: Space to pick
 * up, arrows, Space to drop), or press a row's "Move up" / "Move down" buttons. Each move is said in a polite
 * live region and handed to `onMove` with every row in the new order. Used by the authoring pages only
 * (@dnd-kit stays out of the client's pages).
 */
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useState, type ReactNode } from 'react';
import './sortable-list.css';

interface SortableItem {
  id: number;
  /** The row's name in the buttons' labels and the announcements. */
  label: string;
  content: ReactNode;
}

function Row({
  item,
  index,
  count,
  move,
}: {
  item: SortableItem;
  index: number;
  count: number;
  move: (from: number, to: number) => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: item.id });
  return (
    <li
      ref={setNodeRef}
      className={`sortable-row${isDragging ? ' dragging' : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      <button
        type="button"
        className="sortable-handle"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={`Drag “${item.label}”`}
      >
        ⠿
      </button>
      <div className="sortable-content">{item.content}</div>
      <div className="sortable-moves">
        <button
          type="button"
          className="btn"
          aria-label={`Move “${item.label}” up`}
          disabled={index === 0}
          onClick={() => move(index, index - 1)}
        >
          ↑
        </button>
        <button
          type="button"
          className="btn"
          aria-label={`Move “${item.label}” down`}
          disabled={index === count - 1}
          onClick={() => move(index, index + 1)}
        >
          ↓
        </button>
      </div>
    </li>
  );
}

// A row comes back from `onMove` as it was given, with whatever the caller put on it (a lesson, a module), so
// the caller needs no lookup by id.
export function SortableList<T extends SortableItem>({
  items,
  label,
  onMove,
}: {
  items: T[];
  /** The list's accessible name: 'Lessons'. */
  label: string;
  onMove: (moved: T[]) => void;
}) {
  const [said, setSaid] = useState('');
  const sensors = useSensors(
    useSensor(PointerSensor),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const move = (from: number, to: number) => {
    const moved = items[from];
    if (!moved || from === to || to < 0 || to >= items.length) return;
    setSaid(`“${moved.label}” moved to position ${to + 1} of ${items.length}.`);
    onMove(arrayMove(items, from, to));
  };
  const dropped = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    move(
      items.findIndex((item) => item.id === active.id),
      items.findIndex((item) => item.id === over.id),
    );
  };
  return (
    <>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={dropped}>
        <SortableContext items={items.map((item) => item.id)} strategy={verticalListSortingStrategy}>
          <ol className="sortable-list" aria-label={label}>
            {items.map((item, index) => (
              <Row key={item.id} item={item} index={index} count={items.length} move={move} />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      <p className="visually-hidden" aria-live="polite">
        {said}
      </p>
    </>
  );
}
