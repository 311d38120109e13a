import path from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { FIXTURES, REPO } from './helpers.js';

/**
 * Which stream gets what, in the real CLI process (DESIGN.md, "CLI contract"): a command's result on stdout so
 * it pipes, progress and logs on stderr, and with --json nothing but JSON on stdout, a failure included.
 */
const PORTAL = path.join(REPO, 'bin/portal.js');
const portal = (args: string[]) =>
  execa('node', [PORTAL, ...args], { cwd: REPO, reject: false, env: { NO_COLOR: '1' } });

describe('the result goes to stdout', () => {
  it('`portal list | grep acme` finds the tenant', async () => {
    const result = await execa('bash', ['-o', 'pipefail', '-c', `node ${PORTAL} list | grep acme`], {
      cwd: REPO,
      reject: false,
    });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^acme\s+2002\s+Acme Business Coaching\s+portal\.acme-coaching\.com\s+/);
  });

  it('`portal validate` prints its report on stdout, nothing on stderr', async () => {
    const result = await portal([
      'validate',
      '--tenants-dir',
      path.join(FIXTURES, 'broken'),
      '--tenant',
      'misspelt',
    ]);
    expect(result.exitCode).toBe(3);
    expect(result.stdout).toContain('/brandDomian  unknown property: did you mean "domain"?');
    expect(result.stdout.trimEnd().split('\n').at(-1)).toBe('x 1 of 1 tenant invalid');
    expect(result.stderr).toBe('');
  });
});

describe('--json failures', () => {
  it.each([
    ['a usage error of the command', ['build', '--json'], 2, '--tenant <slug>'],
    ['an unknown tenant', ['validate', '--tenant', 'acm', '--json'], 2, 'did you mean "acme"?'],
    ['an unknown flag', ['list', '--bogus', '--json'], 2, "unknown option '--bogus'"],
  ])('%s prints a JSON error object on stdout', async (_, args, exitCode, message) => {
    const result = await portal(args);
    expect(result.exitCode).toBe(exitCode);
    const { error } = JSON.parse(result.stdout) as {
      error: { message: string; hint: string | null; exitCode: number };
    };
    expect(Object.keys(error).sort()).toEqual(['exitCode', 'hint', 'message']);
    expect(error.message).toContain(message);
    expect(error.exitCode).toBe(exitCode);
    expect(error.hint).toMatch(/portal/);
    // The person at the terminal still reads it on stderr.
    expect(result.stderr).toContain(message);
  });
});
