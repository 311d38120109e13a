import { useState } from 'react';
import type { Metric, MetricInput } from '../api/get-metrics';
import type { MonthInput } from '../api/track-month';
import { formatAmount } from '../lib/format';
import { MetricChart } from '@/components/metric-chart';
import { MetricForm } from './metric-form';
import { MetricTable } from './metric-table';
import { MonthForm } from './month-form';

/** One metric: what it is, its chart and month-by-month table, editing it and recording a month. */
export function MetricCard({
  metric,
  latest,
  pending,
  onUpdate,
  onTrack,
}: {
  metric: Metric;
  latest: string;
  pending: { update: boolean; track: boolean };
  onUpdate: (input: MetricInput) => Promise<void>;
  onTrack: (input: MonthInput) => Promise<void>;
}) {
  const [editing, setEditing] = useState(false);
  const titleId = `metric-${metric.id}-title`;
  const better = metric.direction === 'up' ? 'Higher is better' : 'Lower is better';
  const target = metric.target === null ? 'No target' : `Target: ${formatAmount(metric.target, metric.unit)}`;

  return (
    <article className="card metric-card" aria-labelledby={titleId}>
      <header className="metric-card-header">
        <div>
          <h2 id={titleId}>{metric.name}</h2>
          <p className="muted metric-facts">
            {target} · {better}
          </p>
        </div>
        {!editing && (
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => setEditing(true)}
            aria-label={`Edit metric: ${metric.name}`}
          >
            Edit
          </button>
        )}
      </header>
      {editing && (
        <MetricForm
          initial={metric}
          submitLabel="Save changes"
          pending={pending.update}
          onSave={async (input) => {
            await onUpdate(input);
            setEditing(false);
          }}
          onCancel={() => setEditing(false)}
        />
      )}
      {metric.values.length === 0 ? (
        <p className="muted">No months recorded yet. Record the first one below.</p>
      ) : (
        <>
          <MetricChart metric={metric} />
          {/* The chart is for looking; the numbers are one click away, and always there for a screen reader. */}
          <details className="metric-details">
            <summary>Month by month</summary>
            <MetricTable metric={metric} />
          </details>
        </>
      )}
      <MonthForm metric={metric} latest={latest} pending={pending.track} onSave={onTrack} />
    </article>
  );
}
