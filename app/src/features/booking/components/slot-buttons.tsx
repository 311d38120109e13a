import { formatDateTime, formatTime } from '@/lib/dates';
import type { Slot } from '../api/get-slots';

/**
 * Free times as real buttons in a list: each shows its time of day and names the whole time (day and date) to a
 * screen reader, which meets the button without the day's heading when it tabs through; `withDay` shows the day
 * too (the nearest free times, which may fall on other days).
 */
export function SlotButtons({
  slots,
  zone,
  onChoose,
  withDay = false,
  label,
}: {
  slots: readonly Slot[];
  zone: string;
  onChoose: (slot: Slot) => void;
  withDay?: boolean;
  /** The list's name: the id of its heading. */
  label: string;
}) {
  return (
    <ul className={withDay ? 'slot-list slot-list-wide' : 'slot-list'} aria-labelledby={label}>
      {slots.map((slot) => {
        const whole = formatDateTime(slot.start, zone);
        return (
          <li key={slot.start}>
            <button
              type="button"
              className="btn slot-button"
              aria-label={withDay ? undefined : whole}
              onClick={() => onChoose(slot)}
            >
              {withDay ? whole : formatTime(slot.start, zone)}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
