import type { ReactNode } from 'react';
import { Field } from '@/components/field';
import type { FieldErrors } from '@/lib/field-errors';
import { newRange, normalTime, type RangeRow } from './availability-draft';

/**
 * A row's first field, when the row as a whole has a problem (an overlap) and the field none of its own: marked
 * invalid and described by the row's sentence (RowEnd's), so the keyboard is taken there and the sentence read.
 */
export function rowProblem(key: string, errors: FieldErrors, field: string) {
  return errors[key] && !errors[field]
    ? { 'aria-invalid': true as const, 'aria-describedby': `${key}-problem` }
    : {};
}

/** The start and end of one range as typed ('HH:mm'), for a weekday's hours and an extra day's alike. */
export function RangeFields({
  row,
  errors,
  onChange,
  first = true,
}: {
  row: RangeRow;
  errors: FieldErrors;
  onChange: (row: RangeRow) => void;
  /** Whether the start is the row's first field (an extra day's date comes before it). */
  first?: boolean;
}) {
  const time = (part: 'start' | 'end', label: string) => (
    <Field
      {...(first && part === 'start' ? rowProblem(row.key, errors, `${row.key}.start`) : {})}
      id={`${row.key}-${part}`}
      label={label}
      value={row[part]}
      inputMode="numeric"
      autoComplete="off"
      placeholder={part === 'start' ? '09:00' : '17:00'}
      maxLength={5}
      onChange={(e) => onChange({ ...row, [part]: e.target.value })}
      // '9' or '0930' reads as 09:00 or 09:30 once the coach moves on, so what is saved is what they see.
      onBlur={(e) => onChange({ ...row, [part]: normalTime(e.target.value) })}
      error={errors[`${row.key}.${part}`]}
    />
  );
  return (
    <>
      {time('start', 'From')}
      {time('end', 'To')}
    </>
  );
}

/** A row's Remove button, named for its row, and the problem of the row as a whole (an overlap). */
export function RowEnd({
  rowKey,
  label,
  error,
  onRemove,
}: {
  rowKey: string;
  label: string;
  error: string | undefined;
  onRemove: () => void;
}) {
  return (
    <>
      <button type="button" className="btn range-remove" aria-label={label} onClick={onRemove}>
        Remove
      </button>
      {error && (
        <p id={`${rowKey}-problem`} className="field-error range-error">
          {error}
        </p>
      )}
    </>
  );
}

/**
 * One weekday's ranges, a group named by the day (so "From" and "To" are read as that day's): add a range (the
 * keyboard moves to its start), remove one (the keyboard moves to the range before it, or back to Add hours).
 */
export function WeekdayRanges({
  day,
  ranges,
  errors,
  onChange,
  focus,
  children,
}: {
  day: string;
  ranges: RangeRow[];
  errors: FieldErrors;
  onChange: (ranges: RangeRow[]) => void;
  /** Moves the keyboard to the element of this id once the change is drawn. */
  focus: (id: string) => void;
  children?: ReactNode;
}) {
  const addId = `add-${day.toLowerCase()}`;
  const add = () => {
    // A first range is a working day; a further one starts where the last ended, for the coach to finish.
    const last = ranges.at(-1);
    const row = last ? newRange(last.end, '') : newRange('09:00', '17:00');
    onChange([...ranges, row]);
    focus(`${row.key}-start`);
  };
  const remove = (i: number) => {
    const before = ranges[i - 1] ?? ranges[i + 1];
    onChange(ranges.filter((_, j) => j !== i));
    focus(before ? `${before.key}-start` : addId);
  };
  return (
    <fieldset className="weekday">
      <legend>{day}</legend>
      {ranges.length === 0 ? (
        <p className="muted weekday-off">Not available</p>
      ) : (
        <ul className="range-list">
          {ranges.map((row, i) => (
            <li key={row.key} className="range-row">
              <RangeFields
                row={row}
                errors={errors}
                onChange={(changed) => onChange(ranges.map((r) => (r.key === row.key ? changed : r)))}
              />
              <RowEnd
                rowKey={row.key}
                label={`Remove ${day} hours ${i + 1}`}
                error={errors[row.key]}
                onRemove={() => remove(i)}
              />
            </li>
          ))}
        </ul>
      )}
      <div className="button-row">
        <button id={addId} type="button" className="btn" aria-label={`Add hours on ${day}`} onClick={add}>
          Add hours
        </button>
        {children}
      </div>
    </fieldset>
  );
}
