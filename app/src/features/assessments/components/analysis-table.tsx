/* The roles are those the elements have already, written out on purpose: a table drawn as blocks on a phone
   (assessments.css) loses them in browsers' accessibility trees, and the lint cannot know the CSS. */
/* eslint-disable jsx-a11y/no-redundant-roles, jsx-a11y/no-interactive-element-to-noninteractive-role */
import type { ReactNode } from 'react';
import type { Analysis } from '../api/get-analysis';
import { formatAmount } from '../lib/money';

/**
 * The analysis: each area's score and yearly profit now, potential and gap, in the assessment's currency, with
 * the totals. On a phone each row is drawn as a card (assessments.css): the explicit roles keep it a table for
 * screen readers, and each cell's data-label names it on screen in place of the hidden header row.
 */
const COLUMNS = ['Area', 'Score', 'Profit now', 'Potential', 'Gap', 'Focus'] as const;

export function AnalysisTable({ analysis, code }: { analysis: Analysis; code: string | undefined }) {
  const money = (amount: number) => formatAmount(amount, code);
  const cell = (label: (typeof COLUMNS)[number], content?: ReactNode) => (
    <td role="cell" data-label={content === undefined ? undefined : label}>
      {content}
    </td>
  );
  return (
    // A region that scrolls (a wide screen's narrow window) must be reachable by keyboard (axe:
    // scrollable-region-focusable).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="analysis-scroll" tabIndex={0} role="region" aria-labelledby="analysis-caption">
      <table className="analysis-table" role="table" aria-labelledby="analysis-caption">
        <caption id="analysis-caption">Analysis by area</caption>
        <thead role="rowgroup">
          <tr role="row">
            {COLUMNS.map((column) => (
              <th key={column} scope="col" role="columnheader">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {analysis.areas.map((area) => (
            <tr key={area.id} role="row">
              <th scope="row" role="rowheader">
                {area.name}
              </th>
              {cell(
                'Score',
                <span className="score">
                  <span className="score-bar" aria-hidden="true">
                    <span style={{ width: `${area.score}%` }} />
                  </span>
                  {area.score}/100
                </span>,
              )}
              {cell('Profit now', money(area.current_amount))}
              {cell('Potential', money(area.potential_amount))}
              {cell('Gap', money(area.gap))}
              {cell('Focus', area.focus_rank === null ? '—' : `Priority ${area.focus_rank}`)}
            </tr>
          ))}
        </tbody>
        <tfoot role="rowgroup">
          <tr role="row">
            <th scope="row" role="rowheader">
              Total
            </th>
            {cell('Score')}
            {cell('Profit now', money(analysis.totals.current))}
            {cell('Potential', money(analysis.totals.potential))}
            {cell('Gap', money(analysis.totals.gap))}
            {cell('Focus')}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
