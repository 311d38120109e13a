import { Field, SelectField } from '@/components/field';
import type { FieldErrors } from '@/lib/field-errors';
import { newKey, type DayRow } from './availability-draft';
import { RangeFields, RowEnd, rowProblem } from './weekday-ranges';

/**
 * Days off (a holiday: no bookings all day) and extra days (a Saturday's hours), each a date, what kind of day
 * it is and, for an extra day, its hours.
 */
export function DayExceptions({
  days,
  errors,
  onChange,
  focus,
}: {
  days: DayRow[];
  errors: FieldErrors;
  onChange: (days: DayRow[]) => void;
  focus: (id: string) => void;
}) {
  const add = (kind: DayRow['kind']) => {
    const row: DayRow = {
      key: newKey('d'),
      date: '',
      kind,
      start: kind === 'extra' ? '09:00' : '',
      end: kind === 'extra' ? '13:00' : '',
    };
    onChange([...days, row]);
    focus(`${row.key}-date`);
  };
  const change = (row: DayRow) => onChange(days.map((d) => (d.key === row.key ? row : d)));
  const remove = (i: number) => {
    const before = days[i - 1] ?? days[i + 1];
    onChange(days.filter((_, j) => j !== i));
    focus(before ? `${before.key}-date` : 'add-day-off');
  };
  return (
    <fieldset className="booking-section">
      <legend>Days off and extra days</legend>
      {errors.days && <p className="field-error">{errors.days}</p>}
      {days.length === 0 ? (
        <p className="muted">None: every week follows the hours above.</p>
      ) : (
        <ul className="range-list">
          {days.map((row, i) => (
            <li key={row.key} className="range-row day-row">
              <Field
                {...rowProblem(row.key, errors, `${row.key}.date`)}
                id={`${row.key}-date`}
                label="Date"
                type="date"
                value={row.date}
                onChange={(e) => change({ ...row, date: e.target.value })}
                error={errors[`${row.key}.date`]}
              />
              <SelectField
                id={`${row.key}-kind`}
                label="Kind"
                value={row.kind}
                onChange={(e) => change({ ...row, kind: e.target.value === 'off' ? 'off' : 'extra' })}
                error={errors[`${row.key}.kind`]}
              >
                <option value="off">Day off</option>
                <option value="extra">Extra hours</option>
              </SelectField>
              {row.kind === 'extra' && (
                <RangeFields
                  row={row}
                  errors={errors}
                  first={false}
                  onChange={(r) => change({ ...row, ...r })}
                />
              )}
              <RowEnd
                rowKey={row.key}
                label={`Remove day ${i + 1}`}
                error={errors[row.key]}
                onRemove={() => remove(i)}
              />
            </li>
          ))}
        </ul>
      )}
      <div className="button-row">
        <button id="add-day-off" type="button" className="btn" onClick={() => add('off')}>
          Add a day off
        </button>
        <button type="button" className="btn" onClick={() => add('extra')}>
          Add an extra day
        </button>
      </div>
    </fieldset>
  );
}
