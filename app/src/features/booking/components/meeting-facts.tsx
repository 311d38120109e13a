import type { ReactNode } from 'react';
import { formatDateTime, zoneName } from '@/lib/dates';

/**
 * A meeting as the booking steps and the meeting page show it: when (in words, with the zone, as this is the
 * time the person commits to), how long, with whom, where, and their note.
 */
export function MeetingFacts({
  start,
  zone,
  minutes,
  coach,
  where,
  note,
}: {
  start: string;
  zone: string;
  minutes: number;
  coach: string;
  where: ReactNode;
  note?: string;
}) {
  return (
    <dl className="meeting-facts">
      <dt>When</dt>
      <dd>
        <time dateTime={start}>{formatDateTime(start, zone)}</time> ({zoneName(zone)})
      </dd>
      <dt>Length</dt>
      <dd>{minutes} min</dd>
      <dt>With</dt>
      <dd>{coach}</dd>
      <dt>Where</dt>
      <dd>{where}</dd>
      {note && (
        <>
          <dt>Your note</dt>
          <dd className="meeting-note">{note}</dd>
        </>
      )}
    </dl>
  );
}
