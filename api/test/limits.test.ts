// api/README.md's table of per-user and per-account limits is what clients and support read; LIMITS is what the
// API enforces. This parses the table and compares it with LIMITS row by row, so neither changes alone.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../src/services/limits/limits.js';

const readme = new URL('../README.md', import.meta.url);

/** The rows of the table under the heading, each a record of its cells by column name. */
async function tableUnder(heading: string): Promise<Record<string, string>[]> {
  const text = await readFile(readme, 'utf8');
  const start = text.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`api/README.md has no heading "${heading}"`);
  const lines = text.slice(start).split('\n');
  const first = lines.findIndex((line) => line.startsWith('|'));
  const table = lines.slice(first, lines.indexOf('', first));
  const cells = (line: string) =>
    line
      .slice(1, -1)
      .split('|')
      .map((cell) => cell.trim().replace(/^`(.*)`$/, '$1'));
  const [names, , ...rows] = table.map(cells);
  return rows.map((row) => Object.fromEntries(names!.map((name, i) => [name, row[i] ?? ''])));
}

const HOUR = 60 * 60_000;
const duration = (ms: number) =>
  ms % HOUR === 0 ? `${ms / HOUR} hour${ms === HOUR ? '' : 's'}` : `${ms} ms`;

describe('the limits table in api/README.md', () => {
  it('lists every entry of LIMITS, with its count, window, gap, scope, table and 429 message', async () => {
    const documented = await tableUnder('### Per-user and per-account limits');
    const enforced = Object.entries(LIMITS).map(([name, limit]) => ({
      limit: name,
      count: String(limit.count),
      window: duration(limit.windowMs),
      gap: 'gapMs' in limit ? `${limit.gapMs / 1000} s` : '',
      per: limit.scope,
      'counted in': limit.source.table,
      message: `Too many ${limit.what}. Try again in N seconds.`,
    }));
    expect(documented).toEqual(enforced);
  });
});
