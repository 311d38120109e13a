/**
 * The coach's checklist of a lesson, under its steps: the member ticks each item, saved in the background by the
 * same batcher as the steps (../api/training-analytics), so a tick not yet saved survives leaving the page and
 * the API keeps the newest tick of each item. Nothing shows for a lesson without a checklist.
 */
import { useState } from 'react';
import { recordTick, unsentTicks, type LessonPlace } from '../api/training-analytics';
import type { LessonChecklistItem } from '../api/lesson-types';

export function LessonChecklist({ place, items }: { place: LessonPlace; items: LessonChecklistItem[] }) {
  const [ticked, setTicked] = useState(() => {
    const unsent = unsentTicks(place);
    return new Map(items.map((item) => [item.id, unsent.get(item.id) ?? item.ticked]));
  });
  if (items.length === 0) return null;
  const done = items.filter((item) => ticked.get(item.id)).length;
  const tick = (itemId: number, value: boolean) => {
    setTicked((map) => new Map(map).set(itemId, value));
    recordTick(place, itemId, value);
  };
  return (
    <section className="card lesson-checklist" aria-labelledby="lesson-checklist-title">
      <h2 id="lesson-checklist-title">Your coach’s checklist</h2>
      <p className="muted">
        {done} of {items.length} done. The lesson is complete when its steps and every item here are ticked.
      </p>
      <ul className="lesson-checklist-items">
        {items.map((item) => (
          <li key={item.id}>
            <label className="analytics-step">
              <input
                type="checkbox"
                checked={ticked.get(item.id) ?? false}
                onChange={(e) => tick(item.id, e.target.checked)}
              />{' '}
              {item.text}
            </label>
          </li>
        ))}
      </ul>
    </section>
  );
}
