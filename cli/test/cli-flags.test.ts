import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/lib/context.js';
import { PROXIED_PREFIXES } from '../src/lib/site-layout.js';

/** The command line itself (clig.dev): version, help, and what every subcommand's help shows. */
const portal = (args: string[]) =>
  execa('node', [path.join(REPO_ROOT, 'bin/portal.js'), ...args], {
    cwd: REPO_ROOT,
    reject: false,
    env: { NO_COLOR: '1' },
  });

describe('portal --version', () => {
  it.each(['--version', '-V'])('%s prints the CLI version and exits 0', async (flag) => {
    const { version } = JSON.parse(await readFile(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
      version: string;
    };
    const result = await portal([flag]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toBe(version);
  });
});

describe('subcommand --help', () => {
  it.each(['list', 'validate', 'init', 'build', 'publish', 'status', 'serve'])(
    '`portal %s --help` shows the global flags and no empty default',
    async (command) => {
      const result = await portal([command, '--help']);
      expect(result.exitCode, result.stderr).toBe(0);
      for (const flag of ['--json', '--debug', '--no-color', '--tenants-dir <dir>']) {
        expect(result.stdout).toContain(flag);
      }
      expect(result.stdout).not.toContain('(default: [])');
    },
  );
});

describe('portal serve --help', () => {
  it('names every prefix the preview proxies to the API', async () => {
    const result = await portal(['serve', '--help']);
    const help = result.stdout.replace(/\s+/g, ' ');
    for (const prefix of PROXIED_PREFIXES) expect(help).toMatch(new RegExp(`${prefix}[ ,]`));
  });
});

describe('usage errors', () => {
  it.each([
    ['an unknown flag', ['build', '--bogus']],
    ['an unknown command', ['bogus']],
    ['a missing flag value', ['init', '--id']],
    ["a command's own usage error", ['build']],
    ['a bad number', ['serve', '--port', 'x']],
  ])('%s ends with the one wording of the usage hint', async (_, args) => {
    const result = await portal(args);
    expect(result.exitCode).toBe(2);
    expect(result.stderr.trimEnd().split('\n').at(-1)).toBe('Run `portal --help` for usage.');
  });
});
