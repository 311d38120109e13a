import path from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { run } from '../src/commands/validate.js';
import { FIXTURES, REPO, minimalConfig, tempDir, testContext, writeTenant } from './helpers.js';

const PROBLEM_KEYS = ['column', 'file', 'keyword', 'line', 'message', 'pointer', 'severity', 'suggestion'];

describe('portal validate (command)', () => {
  it('exits 0 on valid tenants with the summary on stdout and nothing on stderr', async () => {
    const ctx = testContext(path.join(FIXTURES, 'valid'));
    expect(await run({ tenant: [] }, ctx)).toBe(0);
    expect(ctx.out.text).toBe('✔ 3 tenants valid\n');
    expect(ctx.err.text).toBe('');
  });

  it('exits 3 with the report and "x 1 of 2 tenants invalid" on stdout', async () => {
    const ctx = testContext(path.join(FIXTURES, 'broken'));
    expect(await run({ tenant: ['not-json', 'low-contrast'] }, ctx)).toBe(3);
    expect(ctx.out.text).toContain('x cli/test/fixtures/broken/not-json/tenant.json: 1 problem');
    expect(ctx.out.text.trimEnd().split('\n').at(-1)).toBe('x 1 of 2 tenants invalid');
    expect(ctx.err.text).toBe('');
  });

  it('says so when there are no tenants yet', async () => {
    const ctx = testContext(await tempDir());
    expect(await run({ tenant: [] }, ctx)).toBe(0);
    expect(ctx.out.text).toMatch(/^No tenants in .*: create one with `portal init <slug>`.\n$/);
  });

  it('allows warnings, unless --strict', async () => {
    const dir = await tempDir();
    await writeTenant(
      dir,
      'grey',
      minimalConfig({ theme: { colors: { textColor: '#777777', background: '#ffffff' } } }),
    );
    expect(await run({ tenant: [] }, testContext(dir))).toBe(0);
    expect(await run({ tenant: [], strict: true }, testContext(dir))).toBe(3);
  });

  it('prints exactly one JSON array of problems on stdout with --json', async () => {
    const ctx = testContext(path.join(FIXTURES, 'broken'), { json: true });
    expect(await run({ tenant: ['misspelt', 'dup-a'], json: true }, ctx)).toBe(3);
    const report = JSON.parse(ctx.out.text) as Record<string, unknown>[];
    expect(report).toHaveLength(7);
    for (const problem of report) expect(Object.keys(problem).sort()).toEqual(PROBLEM_KEYS);
    expect(report[0]).toEqual({
      file: 'cli/test/fixtures/broken/dup-a/tenant.json',
      pointer: '/id',
      line: 2,
      column: 9,
      keyword: 'unique',
      message: 'id 113 is also used by broken/dup-b/tenant.json; each tenant needs its own',
      suggestion: null,
      severity: 'error',
    });
    expect(ctx.err.text).not.toContain('problem');
  });
});

describe('portal validate (the real CLI)', () => {
  it('prints only the JSON report on stdout and exits 3 over the broken fixtures', async () => {
    const result = await execa(
      'node',
      ['bin/portal.js', 'validate', '--tenants-dir', path.join(FIXTURES, 'broken'), '--json'],
      {
        cwd: REPO,
        reject: false,
        env: { NO_COLOR: '1' },
      },
    );
    expect(result.exitCode).toBe(3);
    const report = JSON.parse(result.stdout) as { file: string; severity: string }[];
    expect(new Set(report.map((p) => p.file.split('/').at(-2))).size).toBe(16);
    expect(report.every((p) => PROBLEM_KEYS.every((key) => key in p))).toBe(true);
    expect(result.stderr).toContain('x 15 of 16 tenants invalid');
    expect(result.stderr).not.toContain('\u001b[');
  });

  it('exits 2 on an unknown tenant, with the suggestion on stderr', async () => {
    const result = await execa('node', ['bin/portal.js', 'validate', '--tenant', 'acm'], {
      cwd: REPO,
      reject: false,
    });
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('There is no tenant "acm": did you mean "acme"?');
  });
});

// How long this takes is measured by `npm run bench` (scripts/bench-build.ts), not asserted here: a test that
// times itself fails on a busy machine without anything being wrong.
describe('many tenants', () => {
  it('validates 100 tenants in one run, each read and checked', async () => {
    const dir = await tempDir();
    const logo = '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>';
    await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        writeTenant(
          dir,
          `tenant-${i}`,
          minimalConfig({ theme: { colors: { primary: '#123456' }, assets: { logo: 'logo.svg' } } }),
          {
            'logo.svg': logo,
          },
        ),
      ),
    );
    const ctx = testContext(dir);
    expect(await run({ tenant: [] }, ctx)).toBe(0);
    expect(ctx.out.text).toBe('✔ 100 tenants valid\n');
  });
});
