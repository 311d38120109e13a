/**
 * A people CSV read for `portal people import` and the admin's Import screen alike: decoded (UTF-8 with or
 * without a BOM, UTF-16 with one, else Windows-1252, as spreadsheets save), its separator found (comma,
 * semicolon or tab: a European spreadsheet's "CSV" uses semicolons), parsed by csv-parse (quotes, embedded
 * separators and line breaks), its header checked against the columns the import knows (a misspelt one gets a
 * suggestion, as `portal validate` gives for a key), and each row checked for what can be told without the API.
 * Every problem of the file is collected, never only the first, each at its line and column (the column counted
 * in fields, as a spreadsheet numbers them), each in our own words: csv-parse's messages never reach a person.
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

/**
 * A file's bytes as text: UTF-16 by its BOM (a spreadsheet's "Unicode text"), else UTF-8 (its BOM dropped),
 * else Windows-1252 (an older spreadsheet's "CSV" on Windows), so a name like "Ørsted" arrives whole.
 */
export function decodeCsv(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

const SEPARATORS = [',', ';', '\t'] as const;

/**
 * The separator of the file: of comma, semicolon and tab, the one its header line holds most of outside quotes
 * (a comma on a tie or when there is none: a file of one column). The header names no value of a person, so
 * what a name or company holds cannot tip it.
 */
export function detectSeparator(text: string): string {
  const counts = new Map<string, number>(SEPARATORS.map((s) => [s, 0]));
  let quoted = false;
  for (const char of text.replace(/^\uFEFF?[\r\n]*/, '')) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  return SEPARATORS.reduce((best, s) => (counts.get(s)! > counts.get(best)! ? s : best));
}

/** What a parser error means for the person who saved the file, in our words (never csv-parse's). */
function unreadable(error: CsvError): string {
  switch (error.code as string) {
    case 'INVALID_OPENING_QUOTE':
      return 'a double quote in the middle of a cell: put the whole cell in double quotes and write each quote in it twice ("")';
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
      return 'text after the closing quote of a quoted cell: put the whole cell in double quotes and write each quote in it twice ("")';
    case 'CSV_QUOTE_NOT_CLOSED':
      return 'a quoted cell is never closed: a cell that starts with a double quote must end with one';
    default:
      return 'this line cannot be read as CSV: check its quotes and separators, or save the file again as CSV';
  }
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
      delimiter: detectSeparator(text),
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
    const { lines = 1, index = 0 } = error as CsvError & { lines?: number; index?: number };
    return {
      people: [],
      columns: [],
      problems: [{ line: lines, column: index + 1, field: '(file)', message: unreadable(error) }],
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
