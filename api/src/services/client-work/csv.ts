// Spreadsheet exports (commitments, tasks). Two defences: RFC 4180 quoting so a comma or line break stays in
// its cell, and a leading single quote on any cell a spreadsheet would read as a formula (= + - @, and tab or
// CR, which some spreadsheets strip before looking), so a title like =HYPERLINK(...) is shown, never run.
const formulaStart = /^[=+\-@\t\r]/;

function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (formulaStart.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A UTF-8 CSV document; the byte-order mark makes Excel read accents correctly. */
export function toCsv(header: string[], rows: (string | number | null | undefined)[][]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

// SPEC §4 codes of commitments (and, with the same codes, tasks): 0 = to do, 1 = in progress, other = completed.
export function stageName(status: number): string {
  if (status === 0) return 'To do';
  if (status === 1) return 'In progress';
  return 'Completed';
}

/** The readable form of a deadline in the client's zone (falls back to UTC for an unknown zone). */
export function formatInZone(date: Date | null, timeZone: string | null): string {
  if (!date) return '';
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
  try {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone: timeZone ?? 'UTC' }).format(date);
  } catch {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' }).format(date);
  }
}
