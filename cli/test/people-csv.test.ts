// The people CSV reader (contracts/people-csv.ts), shared by `portal people import` and the admin's Import
// screen, on files as spreadsheets save them (fixtures/people-csv/): a plain CSV, a European spreadsheet's
// (BOM, semicolons, CRLF, a name holding a semicolon), "Unicode text" (UTF-16 with tabs) and an older Windows
// spreadsheet's (Windows-1252, semicolons). Each reads as the same people; a file the parser cannot read is
// reported in our words, at its line and column, never in csv-parse's.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeCsv, detectSeparator, readPeopleCsv } from '../../contracts/people-csv.js';
import { FIXTURES } from './helpers.js';

const read = async (name: string) =>
  readPeopleCsv(decodeCsv(await readFile(path.join(FIXTURES, 'people-csv', name))));

const expected = [
  {
    line: 2,
    fields: {
      email: 'anders@nordlys.test',
      first_name: 'Anders',
      last_name: 'Ørsted; Jr.',
      role: 'client',
      company: 'Nordlys, Bøgh & Co',
      time_zone: 'Europe/Copenhagen',
    },
  },
  {
    line: 3,
    fields: {
      email: 'birgit@nordlys.test',
      first_name: 'Birgit',
      last_name: 'Müller',
      role: 'coach',
      time_zone: 'Europe/Berlin',
    },
  },
];

describe('a people file as a spreadsheet saves it', () => {
  it.each([
    ['comma.csv', 'UTF-8, commas, LF'],
    ['semicolon-bom-crlf.csv', 'UTF-8 with a BOM, semicolons, CRLF (a European "CSV UTF-8")'],
    ['tab-utf16.txt', 'UTF-16LE with a BOM, tabs, CRLF ("Unicode text")'],
    ['semicolon-windows-1252.csv', 'Windows-1252, semicolons, CRLF (an older "CSV" on Windows)'],
  ])('%s (%s) reads as the same people, with no problem', async (name) => {
    const { people, problems, columns } = await read(name);
    expect(problems).toEqual([]);
    expect(columns).toEqual(['email', 'first_name', 'last_name', 'role', 'company', 'time_zone']);
    expect(people).toEqual(expected);
  });

  it('finds the separator in the header line, outside quotes, a comma when there is none', () => {
    expect(detectSeparator('email;first_name\r\na@b.test;"x, y"')).toBe(';');
    expect(detectSeparator('\uFEFFemail\tfirst_name\n')).toBe('\t');
    expect(detectSeparator('email,first_name;x\n')).toBe(',');
    expect(detectSeparator('"e;mail",first_name\n')).toBe(',');
    expect(detectSeparator('email\na@b.test\n')).toBe(',');
  });

  it("reports a file the parser cannot read in its own words at line and column, never csv-parse's", () => {
    // A semicolon file whose header holds one comma more than semicolons would be read with commas: the
    // quoted name then opens in the middle of a cell.
    const opening = readPeopleCsv('email,first_name,last_name;role\r\nx@y.test,Anders,Ø"rsted;client\r\n');
    expect(opening.problems).toEqual([
      {
        line: 2,
        column: 3,
        field: '(file)',
        message:
          'a double quote in the middle of a cell: put the whole cell in double quotes and write each quote in it twice ("")',
      },
    ]);
    const unclosed = readPeopleCsv('email,first_name\nx@y.test,"Anders\n');
    expect(unclosed.problems[0]!.message).toBe(
      'a quoted cell is never closed: a cell that starts with a double quote must end with one',
    );
    const closing = readPeopleCsv('email,first_name\nx@y.test,"Anders" Jr\n');
    expect(closing.problems[0]).toMatchObject({ line: 2, column: 2 });
    for (const { problems } of [opening, unclosed, closing])
      expect(problems[0]!.message).not.toMatch(/Invalid|Quote Not Closed|field \d|at line/);
  });
});
