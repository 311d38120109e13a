import { Field } from '@/components/field';
import { zoneName } from '@/lib/dates';

/**
 * When a coach's meeting or a group's live session starts, typed on the coach's own clock (`zone`), and how long
 * it lasts: the two fields both scheduling forms share, with their limits (5 to 720 minutes in steps of 5).
 */
export function StartAndLengthFields({
  zone,
  zoneHint = '',
  start,
  onStart,
  minutes,
  onMinutes,
  errors,
}: {
  zone: string;
  /** Said after "Your time: <zone>." (who else sees the time, and how). */
  zoneHint?: string;
  start: string;
  onStart: (value: string) => void;
  minutes: string;
  onMinutes: (value: string) => void;
  errors: { start?: string | undefined; duration_minutes?: string | undefined };
}) {
  return (
    <>
      <Field
        label="Start"
        type="datetime-local"
        hint={`Your time: ${zoneName(zone)}.${zoneHint ? ` ${zoneHint}` : ''}`}
        value={start}
        required
        onChange={(e) => onStart(e.target.value)}
        error={errors.start}
      />
      <Field
        label="Length in minutes"
        type="number"
        min={5}
        max={720}
        step={5}
        value={minutes}
        onChange={(e) => onMinutes(e.target.value)}
        error={errors.duration_minutes}
      />
    </>
  );
}
