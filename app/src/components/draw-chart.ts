/**
 * The chart of one metric, drawn by uPlot on a canvas. This module is imported on demand by metric-chart.tsx,
 * so uPlot and its stylesheet load only with a chart on screen, never with the login route. uPlot sets every
 * style through CSSOM (element.style), which the portal's Content-Security-Policy allows.
 */
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatAmount, monthStart } from '@/lib/metric-amounts';

const HEIGHT = 220;
/** uPlot's axis labels: 12 px text, each amount centred on its tick. */
const AXIS_FONT_PX = 12;
/**
 * Between the plot and the months below it: the lowest amount's label, centred on the plot's bottom edge,
 * reaches half its height below it, and uPlot's default 5 px let it touch the first month.
 */
const MONTHS_GAP_PX = AXIS_FONT_PX / 2 + 8;

/** What the chart draws of a metric: its monthly values against its target. */
export interface ChartMetric {
  name: string;
  unit: string;
  target: number | null;
  values: { period: string; value: number }[];
}

export interface ChartColors {
  line: string;
  target: string;
  text: string;
}

/** Draws `metric` into `container`, following its width; returns the function that removes the chart. */
export function drawChart(container: HTMLElement, metric: ChartMetric, colors: ChartColors): () => void {
  const months = metric.values.map((v) => monthStart(v.period).getTime() / 1000);
  const values = metric.values.map((v) => v.value);
  const target = metric.values.map(() => metric.target);
  const axis = { stroke: colors.text, grid: { stroke: 'rgba(0, 0, 0, 0.08)' }, ticks: { show: false } };
  const chart = new uPlot(
    {
      width: Math.max(container.clientWidth, 200),
      height: HEIGHT,
      // Months are calendar months: drawn in UTC, so no time zone moves one into the month before.
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
      legend: { show: false },
      cursor: { show: false },
      scales: { x: { time: true } },
      series: [
        {},
        { label: metric.name, stroke: colors.line, width: 2, points: { show: true, size: 7 } },
        { label: 'Target', stroke: colors.target, width: 1.5, dash: [6, 4], points: { show: false } },
      ],
      axes: [
        // uPlot's default 50 px axis is its 5 px gap and 45 px of labels (month and year on two lines).
        { ...axis, gap: MONTHS_GAP_PX, size: 45 + MONTHS_GAP_PX },
        {
          ...axis,
          values: (_u, ticks) => ticks.map((t) => formatAmount(t, metric.unit)),
          // Wide enough for the longest label ('50,000 USD'): about 7 px a character at the axis' 12 px font.
          size: (_u, labels) => Math.ceil(Math.max(0, ...(labels ?? []).map((l) => l.length)) * 7) + 24,
        },
      ],
    },
    [months, values, target],
    container,
  );
  const resize = new ResizeObserver(() =>
    chart.setSize({ width: Math.max(container.clientWidth, 200), height: HEIGHT }),
  );
  resize.observe(container);
  return () => {
    resize.disconnect();
    chart.destroy();
  };
}
