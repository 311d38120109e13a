import { useMemo } from 'react';
import { SelectField } from '@/components/field';
import { zoneNames } from '../../../contracts/time-zones';

function zones(current: string): string[] {
  const all = zoneNames();
  // A stored zone the browser does not list must stay choosable, or saving would silently change it.
  return current && !all.includes(current) ? [current, ...all] : all;
}

export function TimeZoneSelect({
  name,
  value,
  onChange,
  error,
}: {
  name: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  error?: string | undefined;
}) {
  const options = useMemo(() => zones(value), [value]);
  return (
    <SelectField label="Time zone" name={name} value={value} onChange={onChange} error={error}>
      <option value="">Not set</option>
      {options.map((zone) => (
        <option key={zone} value={zone}>
          {zone.replaceAll('_', ' ')}
        </option>
      ))}
    </SelectField>
  );
}
