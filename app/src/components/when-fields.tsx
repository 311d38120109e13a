import { zoneName } from '@/lib/dates';
import { Field } from './field';

/**
 * When a meeting or a live session takes place: its start on the coach's own clock (`zone`, named in the hint)
 * and its length in minutes, as the API takes them (start YYYY-MM-DDTHH:mm, 5 to 720 minutes).
 */
export function WhenFields({
  zone,
  note = '',
  start,
  minutes,
  onStart,
  onMinutes,
  errors,
}: {
  zone: string;
  /** Said after "Your time: ..." in the start's hint. */
  note?: string;
  start: string;
  minutes: string;
  onStart: (value: string) => void;
  onMinutes: (value: string) => void;
  errors: { start?: string | undefined; duration_minutes?: string | undefined };
}) {
  return (
    <>
      <Field
        label="Start"
        type="datetime-local"
        hint={`Your time: ${zoneName(zone)}.${note}`}
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
