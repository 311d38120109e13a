import { useEffect, useRef, type DragEvent } from 'react';
import { formatDay } from '@/lib/dates';
import type { BoardItem } from '../api/get-steps';
import { STAGES, stageOf, type BoardKind, type Stage } from '@/lib/stages';

/** What a drag carries: the kind and the id, so a card cannot be dropped on the other board. */
export const DRAG_TYPE = 'application/x-portal-card';

export function BoardCard({
  kind,
  item,
  focus,
  onMove,
}: {
  kind: BoardKind;
  item: BoardItem;
  /** True right after a keyboard move, so focus follows the card into its new column. */
  focus: boolean;
  onMove: (stage: Stage) => void;
}) {
  const stage = stageOf(kind, item.status);
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  const onDragStart = (event: DragEvent) => {
    event.dataTransfer.setData(DRAG_TYPE, JSON.stringify({ kind, id: item.id }));
    event.dataTransfer.effectAllowed = 'move';
  };
  const titleId = `${kind}-${item.id}-title`;
  return (
    <article
      ref={ref}
      className="board-card"
      draggable
      onDragStart={onDragStart}
      tabIndex={-1}
      aria-labelledby={titleId}
      data-testid={`${kind}-${item.id}`}
    >
      <h4 id={titleId}>{item.title}</h4>
      {item.description && <p className="board-card-text">{item.description}</p>}
      {item.due_date && <p className="muted board-card-due">Due {formatDay(item.due_date)}</p>}
      <div className="board-card-moves">
        {STAGES.filter((s) => s.key !== stage).map((s) => (
          <button
            key={s.key}
            type="button"
            className="btn-move"
            onClick={() => onMove(s.key)}
            aria-label={`Move to ${s.label}: ${item.title}`}
          >
            Move to {s.label}
          </button>
        ))}
      </div>
    </article>
  );
}
