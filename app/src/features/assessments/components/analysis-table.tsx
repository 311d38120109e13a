import type { Analysis } from '../api/get-analysis';
import { formatAmount } from '../lib/money';

/**
 * The analysis: each area's score and yearly profit now, potential and gap, in the assessment's currency, with
 * the totals. The table scrolls sideways on a phone (the wrapper is focusable, so a keyboard can scroll it too).
 */
export function AnalysisTable({ analysis, code }: { analysis: Analysis; code: string | undefined }) {
  const money = (amount: number) => formatAmount(amount, code);
  return (
    // A region that scrolls must be reachable by keyboard (axe: scrollable-region-focusable).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="analysis-scroll" tabIndex={0} role="region" aria-labelledby="analysis-caption">
      <table className="analysis-table">
        <caption id="analysis-caption">Analysis by area</caption>
        <thead>
          <tr>
            <th scope="col">Area</th>
            <th scope="col">Score</th>
            <th scope="col">Profit now</th>
            <th scope="col">Potential</th>
            <th scope="col">Gap</th>
            <th scope="col">Focus</th>
          </tr>
        </thead>
        <tbody>
          {analysis.areas.map((area) => (
            <tr key={area.id}>
              <th scope="row">{area.name}</th>
              <td>
                <span className="score">
                  <span className="score-bar" aria-hidden="true">
                    <span style={{ width: `${area.score}%` }} />
                  </span>
                  {area.score}/100
                </span>
              </td>
              <td>{money(area.current_amount)}</td>
              <td>{money(area.potential_amount)}</td>
              <td>{money(area.gap)}</td>
              <td>{area.focus_rank === null ? '—' : `Priority ${area.focus_rank}`}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td />
            <td>{money(analysis.totals.current)}</td>
            <td>{money(analysis.totals.potential)}</td>
            <td>{money(analysis.totals.gap)}</td>
            <td />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
