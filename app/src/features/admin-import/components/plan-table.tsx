/** The rows of a file with what was (or would be) done with each: created, changed, unchanged. */
import type { CsvPerson } from '../../../../../contracts/people-csv';
import type { RowAnswer } from '../api/import-people';

const WORDS: Record<RowAnswer['outcome'], string> = {
  created: 'Created',
  changed: 'Changed',
  unchanged: 'Unchanged',
  error: 'Error',
};

export function PlanTable({
  caption,
  rows,
  answers,
}: {
  caption: string;
  rows: CsvPerson[];
  answers: RowAnswer[];
}) {
  const counts = (['created', 'changed', 'unchanged'] as const).map(
    (outcome) => `${answers.filter((a) => a.outcome === outcome).length} ${WORDS[outcome].toLowerCase()}`,
  );
  const ordered = rows.map((row, i) => ({ row, answer: answers[i] })).sort((a, b) => a.row.line - b.row.line);
  return (
    <div className="card import-plan">
      <p className="import-counts">{counts.join(', ')}</p>
      <div className="import-table">
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">Email</th>
              <th scope="col">Name</th>
              <th scope="col">Role</th>
              <th scope="col">Result</th>
            </tr>
          </thead>
          <tbody>
            {ordered.map(({ row, answer }) => (
              <tr key={row.line}>
                <td>{row.line}</td>
                <td>{row.fields.email}</td>
                <td>{[row.fields.first_name, row.fields.last_name].filter(Boolean).join(' ')}</td>
                <td>{row.fields.role ?? ''}</td>
                <td className={`outcome-${answer?.outcome ?? 'error'}`}>
                  {WORDS[answer?.outcome ?? 'error']}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
