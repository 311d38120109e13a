import type { Metric } from '../api/get-metrics';
import { formatAmount, meetsTarget, monthName } from '../lib/format';

/** Every recorded month as a table, newest first: the chart's text alternative, with the exact numbers. */
export function MetricTable({ metric }: { metric: Metric }) {
  const { target, unit, direction } = metric;
  return (
    <table className="metric-table">
      <caption>{metric.name} by month</caption>
      <thead>
        <tr>
          <th scope="col">Month</th>
          <th scope="col">Value</th>
          {target !== null && <th scope="col">Target</th>}
          <th scope="col">Note</th>
        </tr>
      </thead>
      <tbody>
        {[...metric.values].reverse().map((v) => (
          <tr key={v.period}>
            <th scope="row">{monthName(v.period)}</th>
            <td className="metric-number">{formatAmount(v.value, unit)}</td>
            {target !== null && <td>{meetsTarget(v.value, target, direction) ? 'Met' : 'Not met'}</td>}
            <td className="metric-note">{v.note}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
