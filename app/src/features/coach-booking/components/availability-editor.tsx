import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormButtons } from '@/components/form-buttons';
import { fieldErrorsOf } from '@/lib/field-errors';
import { notify } from '@/lib/toast';
import { useFieldErrors } from '@/lib/use-field-errors';
import type { AvailabilityPage } from '../api/get-availability';
import { useSaveAvailability } from '../api/save-availability';
import {
  WEEKDAYS,
  buildAvailability,
  copyMondayToWeekdays,
  placeErrors,
  toDraft,
  type Draft,
} from './availability-draft';
import { BookingRules } from './booking-rules';
import { DayExceptions } from './day-exceptions';
import { WeekdayRanges } from './weekday-ranges';

/**
 * The weekly editor: every weekday's ranges, days off and extra days, and the booking rules, saved whole. A
 * refused save keeps every row as typed and puts each sentence beside its field (the keyboard goes to the
 * first one); nothing is sent while the editor itself sees a time it cannot read.
 */
export function AvailabilityEditor({ page }: { page: AvailabilityPage }) {
  const [draft, setDraft] = useState<Draft>(() => toDraft(page));
  const [copied, setCopied] = useState('');
  const save = useSaveAvailability();
  const { errors, show, clear } = useFieldErrors<string>();
  const focusId = useRef<string | null>(null);

  // After a row is added or removed, the keyboard goes where the coach goes next (set by focus()).
  useEffect(() => {
    const id = focusId.current;
    focusId.current = null;
    if (id) document.getElementById(id)?.focus();
  }, [draft]);
  const focus = (id: string) => {
    focusId.current = id;
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const { availability, where, problems } = buildAvailability(draft);
    if (show(problems, form)) return;
    try {
      await save.mutateAsync({ availability, fields: Object.keys(where) });
      clear();
      notify.success('Your availability is saved.');
    } catch (error) {
      show(placeErrors(fieldErrorsOf(error), where), form);
    }
  };

  return (
    <form className="availability-editor" onSubmit={(e) => void submit(e)} noValidate>
      <fieldset className="booking-section">
        <legend>Weekly hours</legend>
        <p className="muted">Times as HH:mm on a 24-hour clock, for example 09:00 to 17:30.</p>
        {errors.weekly && <p className="field-error">{errors.weekly}</p>}
        <div className="weekdays">
          {WEEKDAYS.map((day, i) => (
            <WeekdayRanges
              key={day}
              day={day}
              ranges={draft.weekly[i] ?? []}
              errors={errors}
              focus={focus}
              onChange={(ranges) =>
                setDraft((d) => ({ ...d, weekly: d.weekly.map((r, j) => (j === i ? ranges : r)) }))
              }
            >
              {i === 0 && (draft.weekly[0] ?? []).length > 0 && (
                <button
                  type="button"
                  className="btn"
                  onClick={() => {
                    setDraft((d) => ({ ...d, weekly: copyMondayToWeekdays(d.weekly) }));
                    setCopied("Monday's hours are copied to Tuesday to Friday.");
                  }}
                >
                  Copy Monday to weekdays
                </button>
              )}
            </WeekdayRanges>
          ))}
        </div>
        <p role="status" className="muted">
          {copied}
        </p>
      </fieldset>
      <DayExceptions
        days={draft.days}
        errors={errors}
        focus={focus}
        onChange={(days) => setDraft((d) => ({ ...d, days }))}
      />
      <BookingRules
        settings={draft.settings}
        errors={errors}
        onChange={(settings) => setDraft((d) => ({ ...d, settings }))}
      />
      <FormButtons submitLabel="Save availability" pending={save.isPending} />
    </form>
  );
}
