import { useState } from 'react';
import { Link } from 'react-router-dom';
import { LoadFailed } from '@/components/load-failed';
import { PageLoading } from '@/components/page-loading';
import { ZoneNote } from '@/components/zone-note';
import { paths } from '@/config/paths';
import { currentDay, formatDate, formatDay } from '@/lib/dates';
import { SLOT_DAYS, addDays, useSlots, type Slot } from '../api/get-slots';
import { SlotButtons } from './slot-buttons';

/**
 * A coach's free times for one meeting type, from today in the client's zone (named once), a list of buttons
 * under each day's heading; "Show later days" asks for the next range. Booking and moving both choose here.
 */
export function SlotPicker({
  coachId,
  typeId,
  zone,
  onChoose,
}: {
  coachId: number;
  typeId: number;
  zone: string;
  onChoose: (slot: Slot) => void;
}) {
  const [today] = useState(() => currentDay(zone));
  const slots = useSlots(coachId, typeId, today);
  if (slots.isPending) return <PageLoading />;
  if (!slots.data)
    return <LoadFailed what="The free times" error={slots.error} retry={() => slots.refetch()} />;
  const ranges = slots.data.pages;
  const days = ranges.flatMap((range) => range.days).filter((day) => day.slots.length > 0);
  const [first] = ranges;
  const last = ranges.at(-1);
  if (!first || !last || days.length === 0)
    return (
      <p className="card empty-state">
        No free times in the coming weeks — <Link to={paths.messagesCompose}>message your coach</Link>.
      </p>
    );
  const shown = first.time_zone;
  return (
    <>
      <ZoneNote zone={shown} />
      {days.map((day) => (
        <section key={day.date} className="slot-day" aria-labelledby={`day-${day.date}`}>
          <h3 id={`day-${day.date}`}>{formatDay(day.date)}</h3>
          <SlotButtons slots={day.slots} zone={shown} onChoose={onChoose} label={`day-${day.date}`} />
        </section>
      ))}
      {slots.isFetchNextPageError ? (
        <LoadFailed what="The later days" error={slots.error} retry={() => slots.fetchNextPage()} />
      ) : slots.hasNextPage ? (
        <button
          type="button"
          className="btn btn-secondary"
          // Not disabled while the next range loads: a disabled button would drop the keyboard's focus.
          onClick={() => void (slots.isFetchingNextPage || slots.fetchNextPage())}
        >
          {slots.isFetchingNextPage ? 'Loading later days...' : 'Show later days'}
        </button>
      ) : (
        <p className="muted">
          No free times from {formatDate(last.from)} to {formatDate(addDays(last.from, SLOT_DAYS - 1))}.
        </p>
      )}
    </>
  );
}
