import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { MAX_FILE_BYTES } from './parse.js';
import { SCHEMA_FILE } from './schema.js';
import type { LoadedTenant, Problem } from './types.js';

/** The human validation report (DESIGN.md, "What a good validation error looks like"). */

export interface ReportOptions {
  color: boolean;
  codeFrames: boolean;
  cwd: string;
}

type Paint = (code: number, text: string) => string;

const painter =
  (color: boolean): Paint =>
  (code, text) =>
    color ? `\u001b[${code}m${text}\u001b[0m` : text;
const RED = 31;
const YELLOW = 33;
const GREEN = 32;
const DIM = 2;
const BOLD = 1;

/** A path as the user would type it from cwd; outside cwd the absolute path reads better than ../../.. */
export function relativePath(cwd: string, file: string): string {
  const relative = path.relative(cwd, file) || '.';
  return relative.startsWith('..') || path.isAbsolute(relative) ? file : relative.split(path.sep).join('/');
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** How many characters the value at a position spans on its line: a whole string literal, else one token. */
function spanAt(line: string, column: number): number {
  const start = column - 1;
  if (line[start] === '"') {
    for (let i = start + 1; i < line.length; i += 1) {
      if (line[i] === '\\') i += 1;
      else if (line[i] === '"') return i - start + 1;
    }
    return line.length - start;
  }
  const token = /^[^\s,{}[\]:]+/.exec(line.slice(start));
  return Math.max(1, token?.[0].length ?? 1);
}

function readSource(file: string): string[] | null {
  try {
    if (statSync(file).size > MAX_FILE_BYTES) return null;
    return readFileSync(file, 'utf8')
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/);
  } catch {
    return null;
  }
}

/** The line before and the line of the problem, with a caret under the value (like Babel's code frames). */
function codeFrame(lines: string[], problem: Problem, paint: Paint): string[] {
  const line = lines[problem.line - 1];
  if (line === undefined) return [];
  const width = String(problem.line).length;
  const gutter = (n: number | '') => String(n).padStart(width);
  const frame: string[] = [];
  const before = lines[problem.line - 2];
  if (before !== undefined) frame.push(paint(DIM, `     ${gutter(problem.line - 1)} | ${before}`));
  frame.push(`  ${paint(RED, '>')}  ${gutter(problem.line)} | ${line}`);
  const caret = ' '.repeat(problem.column - 1) + '^'.repeat(spanAt(line, problem.column));
  frame.push(`     ${gutter('')} | ${paint(problem.severity === 'error' ? RED : YELLOW, caret)}`);
  return frame;
}

function formatProblem(problem: Problem, shownFile: string, paint: Paint): string {
  const where = paint(DIM, `${shownFile}:${problem.line}:${problem.column}`);
  const pointer = paint(BOLD, problem.pointer || '(root)');
  const marker = problem.severity === 'warning' ? paint(YELLOW, 'warning: ') : '';
  const hint =
    problem.suggestion && !problem.message.includes(problem.suggestion)
      ? paint(DIM, ` (${problem.suggestion})`)
      : '';
  return `  ${where}  ${pointer}  ${marker}${problem.message}${hint}`;
}

export function formatReport(tenants: LoadedTenant[], options: ReportOptions): string {
  const paint = painter(options.color);
  const schema = relativePath(options.cwd, SCHEMA_FILE);
  const out: string[] = [];
  const failed: string[] = [];
  for (const tenant of tenants) {
    if (tenant.problems.length === 0) continue;
    const errors = tenant.problems.filter((p) => p.severity === 'error').length;
    const warnings = tenant.problems.length - errors;
    if (errors > 0) failed.push(tenant.slug);
    const shown = relativePath(options.cwd, tenant.file);
    const counts =
      errors > 0
        ? plural(errors, 'problem') + (warnings ? `, ${plural(warnings, 'warning')}` : '')
        : plural(warnings, 'warning');
    const mark = errors > 0 ? paint(RED, 'x') : paint(YELLOW, '!');
    out.push(`${mark} ${shown}: ${counts} (schema: ${schema})`, '');
    // A tenant's problems may be in its mail templates as well as in tenant.json: each names its own file.
    const sources = new Map<string, string[] | null>();
    const linesOf = (file: string) => {
      if (!sources.has(file)) sources.set(file, readSource(file));
      return sources.get(file)!;
    };
    for (const problem of tenant.problems) {
      out.push(formatProblem(problem, relativePath(options.cwd, problem.file), paint));
      const lines = options.codeFrames ? linesOf(problem.file) : null;
      if (lines && problem.line > 0) out.push(...codeFrame(lines, problem, paint));
    }
    out.push('');
  }
  if (out.length === 0) return '';
  const again = failed.length > 0 ? failed : tenants.filter((t) => t.problems.length > 0).map((t) => t.slug);
  // Past a few tenants a list of flags is noise: validating everything again is the simpler next step.
  const flags = again.length <= 3 ? ` ${again.map((slug) => `--tenant ${slug}`).join(' ')}` : '';
  out.push(
    `Fix the file${again.length === 1 ? '' : 's'} and run \`portal validate${flags}\` again (\`--json\` for machine output).`,
  );
  return `${out.join('\n')}\n`;
}

/** The closing line: "✔ 3 tenants valid" or "x 1 of 3 tenants invalid". */
export function formatSummary(tenants: LoadedTenant[], color: boolean): string {
  const paint = painter(color);
  const invalid = tenants.filter((tenant) => tenant.config === null).length;
  const warned = tenants.filter((t) => t.config && t.problems.length > 0).length;
  const warnings = warned > 0 ? ` (${plural(warned, 'tenant')} with warnings)` : '';
  if (invalid === 0) return `${paint(GREEN, '✔')} ${plural(tenants.length, 'tenant')} valid${warnings}`;
  return `${paint(RED, 'x')} ${invalid} of ${plural(tenants.length, 'tenant')} invalid`;
}
