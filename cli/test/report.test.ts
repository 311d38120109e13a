import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatReport, formatSummary, loadTenants } from '../src/lib/tenants/index.js';
import { FIXTURES, REPO } from './helpers.js';

const load = (...slugs: string[]) => loadTenants({ tenantsDir: path.join(FIXTURES, 'broken'), slugs });

describe('formatReport', () => {
  it('prints the file header, file:line:col, pointer and message, and the next step', async () => {
    const report = formatReport(await load('misspelt'), { color: false, codeFrames: false, cwd: REPO });
    const lines = report.split('\n');
    expect(lines[0]).toBe(
      'x cli/test/fixtures/broken/misspelt/tenant.json: 5 problems (schema: contracts/tenant.schema.json)',
    );
    expect(report).toContain(
      '  cli/test/fixtures/broken/misspelt/tenant.json:4:3  /brandDomian  unknown property: did you mean "domain"?',
    );
    expect(report).toContain(
      'Fix the file and run `portal validate --tenant misspelt` again (`--json` for machine output).',
    );
    expect(report).not.toContain('\u001b[');
  });

  it('draws a code frame under the value when asked (on a TTY)', async () => {
    const report = formatReport(await load('css-colours'), { color: false, codeFrames: true, cwd: REPO });
    expect(report).toContain(
      [
        '     11 |       "accent": "var(--x)",',
        '  >  12 |       "textColor": "14143f"',
        '        |                    ^^^^^^^^',
      ].join('\n'),
    );
  });

  it('marks warnings distinctly and colours only when asked', async () => {
    const [tenant] = await load('low-contrast');
    const plain = formatReport([tenant!], { color: false, codeFrames: false, cwd: REPO });
    expect(plain.split('\n')[0]).toMatch(/^! .*low-contrast\/tenant.json: 5 warnings/);
    expect(plain).toContain('warning: textColor #777777 on background #ffffff');
    expect(plain).toContain('(nearest passing colour: textColor "#767676" (4.54:1))');
    const coloured = formatReport([tenant!], { color: true, codeFrames: false, cwd: REPO });
    expect(coloured).toContain('\u001b[33m');
  });

  it('is empty when nothing is wrong', async () => {
    const tenants = await loadTenants({ tenantsDir: path.join(FIXTURES, 'valid') });
    expect(formatReport(tenants, { color: false, codeFrames: true, cwd: REPO })).toBe('');
  });
});

describe('formatSummary', () => {
  it('counts valid and invalid tenants', async () => {
    expect(formatSummary(await loadTenants({ tenantsDir: path.join(FIXTURES, 'valid') }), false)).toBe(
      '✔ 3 tenants valid',
    );
    expect(formatSummary(await load('not-json', 'low-contrast', 'dup-a'), false)).toBe(
      'x 2 of 3 tenants invalid',
    );
  });
});
