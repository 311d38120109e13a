import { Field } from '@/components/field';
import type { FieldErrors } from '@/lib/field-errors';
import type { SettingName, SettingsDraft } from './availability-draft';

const RULES: { name: SettingName; label: string; hint?: string; step?: string }[] = [
  { name: 'buffer_before_minutes', label: 'Free time before a meeting (minutes)' },
  { name: 'buffer_after_minutes', label: 'Free time after a meeting (minutes)' },
  {
    name: 'min_notice_minutes',
    label: 'Minimum notice (hours)',
    hint: 'How long before a time it may still be booked.',
    step: '0.25',
  },
  { name: 'horizon_days', label: 'Bookable up to (days ahead)' },
  { name: 'max_per_day', label: 'Most meetings a day', hint: 'Leave it empty for no limit.' },
];

/** Buffers, notice, how far ahead and the daily cap: the rules every free time is cut by. */
export function BookingRules({
  settings,
  errors,
  onChange,
}: {
  settings: SettingsDraft;
  errors: FieldErrors;
  onChange: (settings: SettingsDraft) => void;
}) {
  return (
    <fieldset className="booking-section">
      <legend>Booking rules</legend>
      <div className="booking-rules">
        {RULES.map(({ name, label, hint, step }) => (
          <Field
            key={name}
            id={`rule-${name}`}
            label={label}
            hint={hint}
            type="number"
            inputMode={step ? 'decimal' : 'numeric'}
            min={name === 'horizon_days' || name === 'max_per_day' ? 1 : 0}
            step={step ?? '1'}
            value={settings[name]}
            onChange={(e) => onChange({ ...settings, [name]: e.target.value })}
            error={errors[name]}
          />
        ))}
      </div>
    </fieldset>
  );
}
