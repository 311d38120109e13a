/**
 * /admin/import: the people of a CSV file, as `portal people import` takes them. Choosing a file checks it at
 * once (here: its header and cells; then the API's dry run), and shows a table of what would be created,
 * changed or left alone, or every bad row with its line and column; only a file without problems can be
 * imported, coaches before their clients.
 */
import { useId, useState, type ChangeEvent } from 'react';
import { notify } from '@/lib/toast';
import {
  COLUMNS,
  columnOfField,
  decodeCsv,
  readPeopleCsv,
  rowsToCheck,
  type CsvPerson,
  type CsvProblem,
} from '../../../../../contracts/people-csv';
import { useImportPeople, type RowAnswer } from '../api/import-people';
import { PlanTable } from './plan-table';
import './import.css';
import { PageFrame } from '@/components/page-frame';

interface Checked {
  file: string;
  rows: CsvPerson[];
  problems: CsvProblem[];
  answers: RowAnswer[];
}

const count = (answers: RowAnswer[], outcome: RowAnswer['outcome']) =>
  answers.filter((a) => a.outcome === outcome).length;

const people = (n: number) => (n === 1 ? '1 person' : `${n} people`);

export default function ImportPage() {
  const inputId = useId();
  const run = useImportPeople();
  const [checked, setChecked] = useState<Checked | null>(null);
  const [invite, setInvite] = useState(false);
  const [done, setDone] = useState<RowAnswer[] | null>(null);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setChecked(null);
    setDone(null);
    if (!file) return;
    const { people, problems, columns } = readPeopleCsv(decodeCsv(new Uint8Array(await file.arrayBuffer())));
    const rows = rowsToCheck(people, problems);
    let answers: RowAnswer[];
    try {
      answers = rows.length ? await run.mutateAsync({ rows, dryRun: true, invite: false }) : [];
    } catch {
      return; // The API client toasted why.
    }
    // Each answer names the row it is about by its index in `rows`.
    const found = answers.flatMap((answer) => {
      const row = rows[answer.index];
      if (!row) return [];
      return Object.entries(answer.errors).flatMap(([field, messages]) =>
        messages.map((message) => ({ line: row.line, ...columnOfField(columns, field), message })),
      );
    });
    setChecked({ file: file.name, rows, problems: [...problems, ...found], answers });
  };

  // Only new and changed rows are sent: a row the check found unchanged would change nothing.
  const toWrite = checked ? checked.rows.filter((_, i) => checked.answers[i]?.outcome !== 'unchanged') : [];

  const importFile = async () => {
    if (!checked || toWrite.length === 0) return;
    let answers: RowAnswer[];
    try {
      answers = await run.mutateAsync({ rows: toWrite, dryRun: false, invite });
    } catch {
      return;
    }
    setDone(answers);
    notify.success(
      `Imported ${people(toWrite.length)}: ${count(answers, 'created')} created, ${count(answers, 'changed')} changed`,
    );
  };

  const problems = checked?.problems ?? [];
  return (
    <PageFrame title="Import people">
      <div className="card import-choose">
        <label htmlFor={inputId}>CSV file</label>
        <p id={`${inputId}-hint`} className="field-hint">
          A header line naming the columns ({COLUMNS.join(', ')}), then one person a line. People are found by
          email: an empty cell leaves that field as it is. Checking the file changes nothing.
        </p>
        <input
          id={inputId}
          type="file"
          accept=".csv,text/csv"
          aria-describedby={`${inputId}-hint`}
          onChange={(event) => void choose(event)}
        />
        {run.isPending && <p role="status">{checked ? 'Importing...' : 'Checking the file...'}</p>}
      </div>
      {checked && problems.length > 0 && (
        <div className="card import-problems" role="alert" aria-labelledby="problems-title">
          <h2 id="problems-title">
            {checked.file}: {problems.length} {problems.length === 1 ? 'problem' : 'problems'}. Nothing was
            imported.
          </h2>
          <ul>
            {[...problems]
              .sort((a, b) => a.line - b.line || a.column - b.column)
              .map((p) => (
                <li key={`${p.line}:${p.column}:${p.message}`}>
                  <strong>
                    Line {p.line}, column {p.column} ({p.field}):
                  </strong>{' '}
                  {p.message}
                </li>
              ))}
          </ul>
          <p>Fix the file and choose it again.</p>
        </div>
      )}
      {checked && problems.length === 0 && (
        <>
          <PlanTable
            caption={done ? `Imported from ${checked.file}` : `What importing ${checked.file} would do`}
            rows={checked.rows}
            answers={done ? mergeDone(checked, done) : checked.answers}
          />
          {!done && toWrite.length === 0 && (
            <p className="card import-go" role="status">
              Nothing to import: every person in {checked.file} is already up to date.
            </p>
          )}
          {!done && toWrite.length > 0 && (
            <div className="card import-go">
              <label className="import-invite">
                <input
                  type="checkbox"
                  checked={invite}
                  onChange={(event) => setInvite(event.target.checked)}
                />{' '}
                Mail each new person an invitation to set their password
              </label>
              <button
                type="button"
                className="btn btn-primary"
                disabled={run.isPending}
                onClick={() => void importFile()}
              >
                {run.isPending ? 'Importing...' : `Import ${people(toWrite.length)}`}
              </button>
            </div>
          )}
        </>
      )}
    </PageFrame>
  );
}

/** The import's answers over the plan: rows it wrote take its answer, the others stay as checked (unchanged). */
function mergeDone(checked: Checked, done: RowAnswer[]): RowAnswer[] {
  let next = 0;
  return checked.answers.map((answer) =>
    answer.outcome === 'unchanged' ? answer : (done[next++] ?? answer),
  );
}
