/** /metrics: the client's business metrics: add and edit them, record each month, see them over time, share. */
import { QueryState } from '@/components/query-state';
import { queryClient } from '@/lib/query-client';
import { sessionStore, useUser } from '@/lib/session';
import { notify } from '@/lib/toast';
import { displayZone } from '@/lib/dates';
import { metricsQueryOptions, useMetrics, type MetricInput } from '../api/get-metrics';
import { useSaveMetric } from '../api/save-metric';
import { useTrackMonth, type MonthInput } from '../api/track-month';
import { useUpdateMetric } from '../api/update-metric';
import { currentMonth, monthName } from '../lib/format';
import { MetricCard } from './metric-card';
import { MetricForm } from './metric-form';
import { METRIC_ADDED, METRIC_UPDATED, recordedMessage } from './messages';
import { ShareForm } from './share-form';
import './metrics.css';
import { PageFrame } from '@/components/page-frame';

/** Runs a save and confirms it; a failure rejects, for the form to show beside its fields. */
const attempt = async (run: Promise<unknown>, message: () => string) => {
  await run;
  notify.success(message());
};

/**
 * Asks for the metrics as soon as this chunk arrives (see app/lazy-page), so the request leaves with the
 * shell's chunk rather than after the page's first render; only for a signed-in user, whom alone the API answers.
 */
export function prefetch(): void {
  if (sessionStore.get()) void queryClient.prefetchQuery(metricsQueryOptions());
}

export default function MetricsPage() {
  const user = useUser();
  const latest = currentMonth(displayZone(user.time_zone));
  const metrics = useMetrics();
  const save = useSaveMetric();
  const update = useUpdateMetric();
  const track = useTrackMonth();

  const add = (input: MetricInput) => attempt(save.mutateAsync(input), () => METRIC_ADDED);
  const edit = (id: number, input: MetricInput) =>
    attempt(update.mutateAsync({ id, ...input }), () => METRIC_UPDATED);
  const record = (name: string, input: MonthInput) =>
    attempt(track.mutateAsync(input), () => recordedMessage(name, monthName(input.period)));

  const list = (
    <QueryState
      query={metrics}
      what="Your metrics"
      empty="No metrics yet. Add the numbers you want to grow (or shrink) above, then record them month by month."
    >
      {(data) => (
        <ul className="metric-list">
          {data.map((metric) => (
            <li key={metric.id}>
              <MetricCard
                metric={metric}
                latest={latest}
                pending={{ update: update.isPending, track: track.isPending }}
                onUpdate={(input) => edit(metric.id, input)}
                onTrack={(input) => record(metric.name, input)}
              />
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );

  return (
    <PageFrame title="My Metrics" className="metrics-page">
      <section className="card" aria-labelledby="new-metric-title">
        <h2 id="new-metric-title">Add a metric</h2>
        <MetricForm submitLabel="Add metric" pending={save.isPending} onSave={add} />
      </section>
      {list}
      {metrics.data && metrics.data.length > 0 && <ShareForm />}
    </PageFrame>
  );
}
