/**
 * `portal` starts from the CLI compiled to JavaScript (cli/build-cli.js), built again when a source changed,
 * and loads the heavy packages (the S3 SDK, ajv, vite) only in the commands that use them.
 */
import { cp, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { FIXTURES, REPO, tempDir } from './helpers.js';

/**
 * Loaded with --import: logs every module the process resolves, imported (a resolve hook, which runs in the
 * loader's own thread) or required (Module._resolveFilename), one line each, to the file PORTAL_MODULE_LOG names.
 */
const LOG_HOOKS = `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  appendFileSync(process.env.PORTAL_MODULE_LOG, resolved.url + '\\n');
  return resolved;
}`;
const LOG_MODULES = `data:text/javascript,${encodeURIComponent(`import Module, { register } from 'node:module';
import { appendFileSync } from 'node:fs';
register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(LOG_HOOKS)}`)});
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (...args) {
  const file = resolveFilename.apply(this, args);
  appendFileSync(process.env.PORTAL_MODULE_LOG, file + '\\n');
  return file;
};`)}`;

/** Runs `node bin/portal.js ...args` of the checkout at root; its result and every module it resolved. */
async function portalLoading(root: string, args: string[], env: Record<string, string> = {}) {
  const log = path.join(await tempDir(), 'modules.log');
  await writeFile(log, '');
  const result = await execa('node', ['--import', LOG_MODULES, path.join(root, 'bin/portal.js'), ...args], {
    cwd: root,
    reject: false,
    env: { NO_COLOR: '1', PORTAL_MODULE_LOG: log, ...env },
  });
  return { result, modules: (await readFile(log, 'utf8')).split('\n').filter(Boolean) };
}

const HEAVY = /\/node_modules\/(@aws-sdk\/|ajv\/|ajv-formats\/|fast-xml-parser\/|vite\/|@resvg\/)/;

describe('what portal loads', () => {
  it('--help runs the compiled CLI, without tsx, the S3 SDK, ajv or vite', async () => {
    const { result, modules } = await portalLoading(REPO, ['--help']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toContain('Usage: portal');
    // The log itself works: the command table's own package is in it, and the bundle it ran.
    expect(modules.some((m) => m.includes('/node_modules/commander/'))).toBe(true);
    expect(modules.some((m) => m.includes('/cli/dist/'))).toBe(true);
    expect(modules.filter((m) => m.includes('/node_modules/tsx/') || HEAVY.test(m))).toEqual([]);
  });

  it('a command that reads S3 loads the SDK, at its first request', async () => {
    // Nothing listens on port 1: the request fails (exit 4) once the SDK is loaded to send it.
    const { result, modules } = await portalLoading(
      REPO,
      [
        'status',
        '--tenants-dir',
        path.join(FIXTURES, 'valid'),
        '--to',
        's3://bucket/prefix',
        '--endpoint',
        'http://127.0.0.1:1',
      ],
      { AWS_ACCESS_KEY_ID: 'test', AWS_SECRET_ACCESS_KEY: 'test', AWS_REGION: 'us-east-1' },
    );
    expect(result.exitCode, result.stderr).toBe(4);
    expect(modules.some((m) => m.includes('/node_modules/@aws-sdk/client-s3/'))).toBe(true);
  });
});

/** A checkout of the CLI's own files in a temp folder, sharing this one's node_modules. */
async function cliCheckout(): Promise<string> {
  const root = await tempDir();
  for (const part of ['bin', 'cli/src', 'cli/build-cli.js', 'contracts', 'package.json', 'tsconfig.json'])
    await cp(path.join(REPO, part), path.join(root, part), { recursive: true });
  await symlink(path.join(REPO, 'node_modules'), path.join(root, 'node_modules'));
  return root;
}

const buildOf = async (stampFile: string) =>
  (JSON.parse(await readFile(stampFile, 'utf8')) as { build: string }).build;

describe('the compiled CLI', () => {
  it('is built at the first run, kept while its sources stay as they were, and built again after an edit', async () => {
    const root = await cliCheckout();
    const stampFile = path.join(root, 'cli/dist/stamp.json');
    const first = await portalLoading(root, ['--help']);
    expect(first.result.exitCode, first.result.stderr).toBe(0);
    expect(first.modules.some((m) => m.includes('/node_modules/esbuild/'))).toBe(true);
    const built = await stat(stampFile);
    const firstBuild = await buildOf(stampFile);

    // Unchanged: the stamp's stats match, so neither esbuild nor a new build.
    const again = await portalLoading(root, ['--help']);
    expect(again.result.stdout).toBe(first.result.stdout);
    expect(again.modules.filter((m) => m.includes('/node_modules/esbuild/'))).toEqual([]);
    expect((await stat(stampFile)).mtimeMs).toBe(built.mtimeMs);

    // An edit to a source the CLI imports: the next run says what the edited source says.
    const table = path.join(root, 'cli/src/index.ts');
    const source = await readFile(table, 'utf8');
    const description = 'Validate, build, publish and preview';
    expect(source).toContain(description);
    await writeFile(table, source.replace(description, 'Edited since the last build: validate'));
    const edited = await portalLoading(root, ['--help']);
    expect(edited.result.exitCode, edited.result.stderr).toBe(0);
    expect(edited.result.stdout).toContain('Edited since the last build: validate');
    expect(await buildOf(stampFile)).not.toBe(firstBuild);
  });
});
