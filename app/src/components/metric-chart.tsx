import { useEffect, useRef, useState } from 'react';
import { formatMonth as monthName } from '@/lib/dates';
import { formatAmount } from '@/lib/metric-amounts';
import type { ChartMetric } from './draw-chart';
import './metric-chart.css';

/** Whether this browser can draw on a canvas (some privacy settings and old engines cannot). */
const canDraw = () => Boolean(document.createElement('canvas').getContext('2d'));

/** The theme's colours as the canvas needs them: CSS custom properties resolved to values. */
function themeColors(element: HTMLElement) {
  const style = getComputedStyle(element);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    line: read('--color-accent', '#179ad6'),
    target: read('--color-secondary', '#2ecc71'),
    text: read('--color-text-color', '#333333'),
  };
}

/** One sentence with what the chart shows, for everyone: the latest month and how it stands to the target. */
function summary(metric: ChartMetric): string {
  const latest = metric.values.at(-1);
  if (!latest) return '';
  const months = metric.values.length === 1 ? '1 month' : `${metric.values.length} months`;
  const target = metric.target === null ? '' : `; target ${formatAmount(metric.target, metric.unit)}`;
  return `${months} recorded. Latest: ${monthName(latest.period)}, ${formatAmount(latest.value, metric.unit)}${target}.`;
}

/**
 * The metric over time (on /metrics and on the coach's page of a client). The canvas is hidden from screen readers: the caption says what it shows and the table
 * next to it (MetricTable) has every value.
 */
export function MetricChart({ metric }: { metric: ChartMetric }) {
  const box = useRef<HTMLDivElement>(null);
  const [drawable] = useState(canDraw);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const container = box.current;
    if (!container || !drawable || metric.values.length === 0) return;
    let remove: (() => void) | undefined;
    let cancelled = false;
    import('./draw-chart').then(
      ({ drawChart }) => {
        if (!cancelled) remove = drawChart(container, metric, themeColors(container));
      },
      () => setFailed(true),
    );
    return () => {
      cancelled = true;
      remove?.();
    };
  }, [metric, drawable]);

  return (
    <figure className="metric-chart">
      <div ref={box} className="metric-chart-canvas" aria-hidden="true" />
      <figcaption className="muted">
        {summary(metric)}
        {!drawable && ' This browser cannot draw the chart; the table has every value.'}
        {failed && ' The chart could not be loaded; the table has every value.'}
      </figcaption>
    </figure>
  );
}
