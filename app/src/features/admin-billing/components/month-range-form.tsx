import { useState, type FormEvent } from 'react';
import type { MonthRange } from '../api/reports';

/**
 * The months a report covers, as two month fields and Show, starting from `initial` (the report's own range:
 * give the form a key that changes when it arrives, so the fields start from it).
 */
export function MonthRangeForm({
  initial,
  onChoose,
}: {
  initial: MonthRange | null;
  onChoose: (range: MonthRange, event: FormEvent) => void;
}) {
  const [from, setFrom] = useState(initial?.from ?? '');
  const [to, setTo] = useState(initial?.to ?? '');
  const backwards = from !== '' && to !== '' && from > to;
  return (
    <form className="month-range card" onSubmit={(event) => onChoose({ from, to }, event)}>
      <div className="field">
        <label htmlFor="range-from">From month</label>
        <input id="range-from" type="month" value={from} required onChange={(e) => setFrom(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="range-to">To month</label>
        <input
          id="range-to"
          type="month"
          value={to}
          required
          aria-invalid={backwards}
          aria-describedby={backwards ? 'range-error' : undefined}
          onChange={(e) => setTo(e.target.value)}
        />
      </div>
      <button type="submit" className="btn btn-secondary" disabled={backwards || !from || !to}>
        Show
      </button>
      {backwards && (
        <p id="range-error" className="field-error" role="alert">
          The first month must not be after the last.
        </p>
      )}
    </form>
  );
}
