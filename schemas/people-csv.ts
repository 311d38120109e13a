/**
 * A people CSV read for `portal people import` and the admin's Import screen alike: parsed by csv-parse (quotes, embedded commas and line breaks,
 * a BOM), its header checked against the columns the import knows (a misspelt one gets a suggestion, as
 * `portal validate` gives for a key), and each row checked for what can be told without the API. Every problem
 * of the file is collected, never only the first, each at its line and column (the column counted in fields,
 * as a spreadsheet numbers them).
 */
// The browser build: the same parser in the CLI (Node) and the admin's screen, with no Node built-in.
import { CsvError, parse } from 'csv-parse/browser/esm/sync';
import { didYouMean } from './suggest.js';
import { checkEmail, normalizeEmail } from './email-address.js';
import { canonicalZone } from './time-zones.js';

export const COLUMNS = [
  'email',
  'first_name',
  'last_name',
  'role',
  'company',
  'coach_email',
  'time_zone',
] as const;
export type Column = (typeof COLUMNS)[number];

const ROLES = ['client', 'coach', 'admin'];
const LIMITS: Record<Column, number> = {
  email: 254,
  first_name: 100,
  last_name: 100,
  role: 10,
  company: 200,
  coach_email: 254,
  time_zone: 64,
};

/** One person of the file: the cells it gives (an empty cell is left out: the field stays as it is). */
export interface CsvPerson {
  line: number;
  fields: Partial<Record<Column, string>>;
}

export interface CsvProblem {
  line: number;
  column: number;
  field: string;
  message: string;
}

/** The email rule's sentence as this report words a problem: after the quoted value, lower-case, no full stop. */
function emailProblem(value: string): string | undefined {
  const checked = checkEmail(value);
  if (checked.ok) return undefined;
  return `"${value}" is not an email address: ${checked.message[0]!.toLowerCase()}${checked.message.slice(1, -1)}`;
}

/** The people of a CSV text and every problem found in it; a file that is no CSV is one problem. */
export function readPeopleCsv(text: string): {
  people: CsvPerson[];
  problems: CsvProblem[];
  columns: string[];
} {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    const lines: number[] = [];
    const cells = parse(text, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      // The line each record ends on, for the report (a quoted cell may span lines).
      on_record: (record: string[], context) => {
        lines.push(context.lines);
        return record;
      },
    });
    records = cells.map((record, i) => ({ record, info: { lines: lines[i]! } }));
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const line = (error as CsvError & { lines?: number }).lines ?? 1;
    return {
      people: [],
      columns: [],
      problems: [{ line, column: 1, field: '(file)', message: error.message }],
    };
  }
  const problems: CsvProblem[] = [];
  const [header, ...rows] = records;
  if (!header)
    return {
      people: [],
      columns: [],
      problems: [
        {
          line: 1,
          column: 1,
          field: '(file)',
          message:
            'the file is empty: its first line names the columns, such as "email,first_name,last_name,role"',
        },
      ],
    };
  const headerLine = header.info.lines;
  const columns = header.record.map((name) => name.toLowerCase());
  const seen = new Set<string>();
  columns.forEach((name, i) => {
    if (seen.has(name))
      problems.push({
        line: headerLine,
        column: i + 1,
        field: name,
        message: `the column "${name}" appears twice`,
      });
    seen.add(name);
    if (!(COLUMNS as readonly string[]).includes(name)) {
      const guess = didYouMean(name, COLUMNS);
      problems.push({
        line: headerLine,
        column: i + 1,
        field: name,
        message: `unknown column "${name}"${guess ? `: did you mean "${guess}"?` : `: the columns are ${COLUMNS.join(', ')}`}`,
      });
    }
  });
  if (!columns.includes('email'))
    problems.push({
      line: headerLine,
      column: 1,
      field: 'email',
      message: 'the file needs an "email" column: each person is found by email',
    });

  const people: CsvPerson[] = [];
  const lineOfEmail = new Map<string, number>();
  for (const { record, info } of rows) {
    const line = info.lines;
    const at = (field: Column) => columns.indexOf(field) + 1;
    const fail = (field: Column, message: string) =>
      problems.push({ line, column: at(field), field, message });
    if (record.length > columns.length)
      problems.push({
        line,
        column: columns.length + 1,
        field: '(row)',
        message: `this row has ${record.length} cells, the header ${columns.length}`,
      });
    const fields: Partial<Record<Column, string>> = {};
    columns.forEach((name, i) => {
      const value = record[i] ?? '';
      if (value !== '' && (COLUMNS as readonly string[]).includes(name)) fields[name as Column] = value;
    });
    for (const [name, value] of Object.entries(fields) as [Column, string][])
      if (value.length > LIMITS[name]) fail(name, `at most ${LIMITS[name]} characters`);
    const email = fields.email && normalizeEmail(fields.email);
    const emailWrong = email ? emailProblem(fields.email!) : undefined;
    if (!email) fail('email', 'every row needs an email');
    else if (emailWrong) fail('email', emailWrong);
    else if (lineOfEmail.has(email))
      fail('email', `${fields.email} is already on line ${lineOfEmail.get(email)}`);
    else lineOfEmail.set(email, line);
    if (fields.role !== undefined && !ROLES.includes(fields.role.toLowerCase())) {
      const guess = didYouMean(fields.role, ROLES);
      fail(
        'role',
        `"${fields.role}" is no role${guess ? `: did you mean "${guess}"?` : `: use ${ROLES.join(', ')}`}`,
      );
    } else if (fields.role) fields.role = fields.role.toLowerCase();
    const coachWrong = fields.coach_email === undefined ? undefined : emailProblem(fields.coach_email);
    if (coachWrong) fail('coach_email', coachWrong);
    if (fields.time_zone !== undefined && !canonicalZone(fields.time_zone))
      fail('time_zone', `"${fields.time_zone}" is no time zone: use a name such as "Europe/London"`);
    people.push({ line, fields });
  }
  return { people, problems, columns };
}

/** Where the API's field of a row is in the file: its column, by the name the API gives the field. */
export function columnOfField(columns: string[], field: string): { column: number; field: string } {
  const name =
    ({ role_id: 'role', company_id: 'company', coach_id: 'coach_email' } as Record<string, string>)[field] ??
    field;
  const index = columns.indexOf(name);
  return index >= 0 ? { column: index + 1, field: name } : { column: 1, field: name };
}

const ROLE_ORDER: Record<string, number> = { admin: 0, coach: 1 };

/**
 * The rows the API is to check, in import order: none when the header is wrong (no row reads right then), else
 * the rows without a problem of their own, admins and coaches first, so a client's coach exists when the
 * client arrives.
 */
export function rowsToCheck(people: CsvPerson[], problems: CsvProblem[]): CsvPerson[] {
  const firstRow = people[0]?.line ?? Infinity;
  if (problems.some((p) => p.field === '(file)' || p.line < firstRow)) return [];
  const bad = new Set(problems.map((p) => p.line));
  return people
    .filter((row) => !bad.has(row.line))
    .sort((a, b) => (ROLE_ORDER[a.fields.role ?? ''] ?? 2) - (ROLE_ORDER[b.fields.role ?? ''] ?? 2));
}
