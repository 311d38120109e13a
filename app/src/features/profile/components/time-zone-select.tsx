import { useId, useMemo } from 'react';

function zones(current: string): string[] {
  let all: string[];
  try {
    all = Intl.supportedValuesOf('timeZone');
  } catch {
    all = [];
  }
  // A stored zone the browser does not list must stay choosable, or saving would silently change it.
  return current && !all.includes(current) ? [current, ...all] : all;
}

export function TimeZoneSelect({
  name,
  value,
  onChange,
}: {
  name: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
}) {
  const id = useId();
  const options = useMemo(() => zones(value), [value]);
  return (
    <div className="field">
      <label htmlFor={id}>Time zone</label>
      <select id={id} name={name} value={value} onChange={onChange}>
        <option value="">Not set</option>
        {options.map((zone) => (
          <option key={zone} value={zone}>
            {zone.replaceAll('_', ' ')}
          </option>
        ))}
      </select>
    </div>
  );
}
