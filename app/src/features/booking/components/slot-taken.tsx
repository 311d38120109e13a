import { useEffect, useRef } from 'react';
import type { SlotTaken } from '../api/book-meeting';
import type { Slot } from '../api/get-slots';
import { SlotButtons } from './slot-buttons';

/**
 * A 409's "just taken" where the person chose the time, with the nearest free times to choose instead. The
 * page's live region announces it; the focus comes here, as the button pressed is no use any more.
 */
export function SlotTakenBox({
  taken,
  zone,
  onChoose,
}: {
  taken: SlotTaken;
  zone: string;
  onChoose: (slot: Slot) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), [taken]);
  return (
    <div ref={box} className="card slot-taken" tabIndex={-1}>
      <p className="error-text">{taken.message}</p>
      {taken.nearest.length > 0 ? (
        <>
          <h3 id="nearest-title">The nearest free times</h3>
          <SlotButtons slots={taken.nearest} zone={zone} onChoose={onChoose} withDay label="nearest-title" />
        </>
      ) : (
        <p>No other time is free near it: choose another time.</p>
      )}
    </div>
  );
}
