import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { print, printJson, say, type Context } from '../lib/context.js';
import { CliError, EXIT, usageError } from '../lib/errors.js';
import { flag, text, type RawOptions } from '../lib/options.js';
import { createProgress } from '../lib/progress.js';
import { table } from '../lib/table.js';
import {
  columnOfField,
  decodeCsv,
  readPeopleCsv,
  rowsToCheck,
  type CsvPerson,
  type CsvProblem,
} from '../../../contracts/people-csv.js';
import { integrationClient, type RowAnswer } from '../lib/people/integration-client.js';

export interface PeopleImportOptions {
  tenant?: string;
  dryRun?: boolean;
  invite?: boolean;
  api?: string;
  json?: boolean;
}

export function parseOptions(raw: RawOptions): PeopleImportOptions {
  return {
    tenant: text(raw, 'tenant'),
    dryRun: flag(raw, 'dryRun'),
    invite: flag(raw, 'invite'),
    api: text(raw, 'api'),
    json: flag(raw, 'json'),
  };
}

/** Rows a call carries: the API's most, each call answered within seconds however large the file. */
const BATCH = 200;

type Outcome = RowAnswer['outcome'];

/** The plan or result of one row: its line, email and what the API did (or would do) with it. */
interface RowOutcome {
  line: number;
  email: string;
  outcome: Outcome;
}

function bar(done: number, total: number): string {
  const width = 24;
  const filled = total === 0 ? width : Math.round((done / total) * width);
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total} rows`;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function counts(rows: RowOutcome[]) {
  const count = (o: Outcome) => rows.filter((r) => r.outcome === o).length;
  return { created: count('created'), changed: count('changed'), unchanged: count('unchanged') };
}

/** The validate-style report of every problem: file:line:col, the column's name, the message. */
function formatProblems(file: string, problems: CsvProblem[]): string {
  const sorted = [...problems].sort((a, b) => a.line - b.line || a.column - b.column);
  const rows = new Set(sorted.map((p) => p.line)).size;
  const lines = [`x ${file}: ${plural(sorted.length, 'problem')} in ${plural(rows, 'row')}`, ''];
  for (const p of sorted) lines.push(`  ${file}:${p.line}:${p.column}  ${p.field}  ${p.message}`);
  lines.push(
    '',
    `Fix the file and run \`portal people import\` again; nothing was imported (\`--json\` for machine output).`,
  );
  return lines.join('\n');
}

/**
 * `portal people import --tenant <slug> <file.csv> [--dry-run] [--invite] [--api <url>] [--json]`: the people
 * of a CSV upserted by email through the integration API with the key in PORTAL_API_KEY. The whole file is
 * checked first (here, then by the API's dry run), and nothing is written while any row is bad; coaches and
 * admins go before clients, so a client's coach exists when the client arrives. Run twice, the second run
 * changes nothing. Exit 0 done, 1 bad rows (all reported), 2 usage, 4 key refused, 5 rows failed mid-import.
 */
export async function run(options: PeopleImportOptions, ctx: Context, args: string[]): Promise<number> {
  const [file] = args;
  if (!options.tenant) throw usageError('name the tenant to import into with --tenant <slug>.');
  if (!file)
    throw usageError('name the CSV file to import, such as `portal people import --tenant acme people.csv`.');
  const key = ctx.env.PORTAL_API_KEY;
  if (!key)
    throw usageError(
      'set PORTAL_API_KEY to a read-write API key of the tenant.',
      'An admin makes one under API keys (/admin/api-keys).',
    );
  const apiUrl = options.api ?? ctx.env.PORTAL_API_URL ?? 'http://127.0.0.1:8080';
  const json = options.json ?? ctx.json;
  const shown = path.relative(ctx.cwd, path.resolve(ctx.cwd, file)) || file;

  let source: string;
  try {
    // A spreadsheet's encoding and separator are the file's business: decodeCsv and the reader find them.
    source = decodeCsv(await readFile(path.resolve(ctx.cwd, file)));
  } catch (error) {
    throw new CliError(`cannot read ${shown}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`, {
      hint: 'Check the path of the CSV file.',
    });
  }
  const { people, problems, columns } = readPeopleCsv(source);

  const api = integrationClient(apiUrl, key);
  const owner = await api.key();
  if (owner.tenant.slug !== options.tenant)
    throw new CliError(
      `the key in PORTAL_API_KEY belongs to "${owner.tenant.slug}", not "${options.tenant}"`,
      {
        exitCode: EXIT.usage,
        hint: `Use a key of ${options.tenant}, or --tenant ${owner.tenant.slug}.`,
      },
    );
  if (owner.scope !== 'read-write' && !options.dryRun)
    throw new CliError(`the key "${owner.name}" may only read`, {
      exitCode: EXIT.storage,
      hint: 'An admin makes a read-write key under API keys (/admin/api-keys).',
    });

  const progress = createProgress(ctx);
  // The bar redraws in place on a terminal; a log (piped, CI) gets one line at the start and one at the end.
  const live = ctx.color;
  const pass = async (rows: CsvPerson[], dryRun: boolean, label: string) => {
    const arrivingCoaches = dryRun
      ? rows.filter((p) => p.fields.role === 'coach').map((p) => p.fields.email!)
      : [];
    const answers: { person: CsvPerson; answer: RowAnswer }[] = [];
    progress.start(live ? `${label} ${bar(0, rows.length)}` : `${label} ${plural(rows.length, 'row')}`);
    for (let i = 0; i < rows.length; i += BATCH) {
      const batch = rows.slice(i, i + BATCH);
      const result = await api.people(
        batch.map((p) => ({ ...p.fields, email: p.fields.email! })),
        { dryRun, invite: Boolean(options.invite), arrivingCoaches },
      );
      result.forEach((answer) => answers.push({ person: batch[answer.index]!, answer }));
      progress.update(`${label} ${bar(Math.min(i + BATCH, rows.length), rows.length)}`);
    }
    await progress.succeed(`${label}: ${plural(rows.length, 'row')} done`);
    return answers;
  };
  const problemsOf = (answers: { person: CsvPerson; answer: RowAnswer }[]): CsvProblem[] =>
    answers.flatMap(({ person, answer }) =>
      Object.entries(answer.errors).flatMap(([field, messages]) =>
        messages.map((message) => ({ line: person.line, ...columnOfField(columns, field), message })),
      ),
    );
  const outcomes = (answers: { person: CsvPerson; answer: RowAnswer }[]): RowOutcome[] =>
    answers
      .map(({ person, answer }) => ({
        line: person.line,
        email: person.fields.email!,
        outcome: answer.outcome,
      }))
      .sort((a, b) => a.line - b.line);

  // Rows the file itself gets wrong are not sent; the others are checked by the API's dry run.
  const preview = await pass(rowsToCheck(people, problems), true, 'Checking');
  const allProblems = [...problems, ...problemsOf(preview)];
  if (allProblems.length > 0) {
    if (json) printJson(ctx, { ok: false, problems: allProblems.map((p) => ({ file: shown, ...p })) });
    else print(ctx, formatProblems(shown, allProblems));
    return EXIT.failure;
  }

  const report = (rows: RowOutcome[], dryRun: boolean) => {
    const c = counts(rows);
    const summary = `${dryRun ? 'Would import' : 'Imported'} ${plural(rows.length, 'row')} into ${options.tenant}: ${c.created} created, ${c.changed} changed, ${c.unchanged} unchanged`;
    if (json) printJson(ctx, { ok: true, dry_run: dryRun, tenant: options.tenant, ...c, rows });
    else {
      if (dryRun)
        for (const line of table([
          ['LINE', 'EMAIL', 'WOULD BE'],
          ...rows.map((r) => [String(r.line), r.email, r.outcome]),
        ]))
          print(ctx, line);
      print(ctx, summary);
    }
    if (json) say(ctx, summary);
  };
  if (options.dryRun) {
    report(outcomes(preview), true);
    return EXIT.ok;
  }
  // A row the check found unchanged needs no write: a second run of the same file sends nothing at all.
  const unchanged = preview.filter(({ answer }) => answer.outcome === 'unchanged');
  const toWrite = preview.filter(({ answer }) => answer.outcome !== 'unchanged').map(({ person }) => person);
  const written = await pass(toWrite, false, options.invite ? 'Importing and inviting' : 'Importing');
  const done = [...unchanged, ...written];
  const failed = problemsOf(done);
  if (failed.length > 0) {
    // Another change between the check and the import (a coach deactivated meanwhile): the rest went in.
    if (json)
      printJson(ctx, {
        ok: false,
        problems: failed.map((p) => ({ file: shown, ...p })),
        rows: outcomes(done),
      });
    else
      print(
        ctx,
        formatProblems(shown, failed).replace('nothing was imported', 'the other rows were imported'),
      );
    return EXIT.partial;
  }
  report(outcomes(done), false);
  return EXIT.ok;
}
