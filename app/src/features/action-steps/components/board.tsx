import { useState, type DragEvent } from 'react';
import type { BoardItem } from '../api/get-steps';
import { STAGES, stageOf, type BoardKind, type Stage } from '@/lib/stages';
import { BoardCard, DRAG_TYPE } from './board-card';

/**
 * Three columns (to do, in progress, completed). Cards move by drag and drop onto a column, or by their
 * "Move to ..." buttons, which work with the keyboard and screen readers.
 */
export function Board({
  kind,
  title,
  items,
  onMove,
}: {
  kind: BoardKind;
  title: string;
  items: BoardItem[];
  onMove: (item: BoardItem, stage: Stage) => void;
}) {
  const [over, setOver] = useState<Stage | null>(null);
  const [moved, setMoved] = useState<number | null>(null);
  const move = (item: BoardItem, stage: Stage) => {
    setMoved(item.id);
    onMove(item, stage);
  };
  const onDrop = (event: DragEvent, stage: Stage) => {
    event.preventDefault();
    setOver(null);
    try {
      const data = JSON.parse(event.dataTransfer.getData(DRAG_TYPE)) as { kind: string; id: number };
      const item = items.find((i) => i.id === data.id);
      if (data.kind === kind && item && stageOf(kind, item.status) !== stage) onMove(item, stage);
    } catch {
      // Something else was dropped here (text, a file): not a card.
    }
  };
  const headingId = `${kind}-board-title`;
  return (
    <section className="board" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <div className="board-columns">
        {STAGES.map(({ key, label }) => {
          const cards = items.filter((i) => stageOf(kind, i.status) === key);
          return (
            <section
              key={key}
              className={`board-column${over === key ? ' board-column-over' : ''}`}
              aria-label={`${title}: ${label}`}
              onDragOver={(event) => {
                if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
                event.preventDefault();
                setOver(key);
              }}
              onDragLeave={() => setOver((current) => (current === key ? null : current))}
              onDrop={(event) => onDrop(event, key)}
            >
              <h3>
                {label} <span className="board-count">{cards.length}</span>
              </h3>
              {cards.length === 0 && <p className="muted board-empty">Nothing here.</p>}
              {cards.map((item) => (
                <BoardCard
                  key={item.id}
                  kind={kind}
                  item={item}
                  focus={moved === item.id}
                  onMove={(stage) => move(item, stage)}
                />
              ))}
            </section>
          );
        })}
      </div>
    </section>
  );
}
