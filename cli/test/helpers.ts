import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterEach } from 'vitest';
import { createContext, type Context } from '../src/lib/context.js';

export const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
export const REPO = path.resolve(FIXTURES, '../../..');

const made: string[] = [];
afterEach(async () => {
  await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A fresh temp folder, removed after the test. */
export async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-cli-test-'));
  made.push(dir);
  return dir;
}

/** A temp tenants folder with a copy of some fixture tenants. */
export async function copyFixtures(set: 'valid' | 'broken', slugs: string[]): Promise<string> {
  const dir = await tempDir();
  for (const slug of slugs)
    await cp(path.join(FIXTURES, set, slug), path.join(dir, slug), { recursive: true });
  return dir;
}

let nextId = 500;

/** A valid minimal config with a fresh id and domain; override any field. */
export function minimalConfig(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  nextId += 1;
  return { id: nextId, name: `Tenant ${nextId}`, domain: `t${nextId}.example`, apiUrl: '/', ...overrides };
}

/** Writes tenants/<slug>/tenant.json (an object is JSON-encoded, a string written as is) and extra files. */
export async function writeTenant(
  tenantsDir: string,
  slug: string,
  config: unknown,
  files: Record<string, string | Buffer> = {},
): Promise<string> {
  const dir = path.join(tenantsDir, slug);
  await mkdir(dir, { recursive: true });
  await writeFile(
    path.join(dir, 'tenant.json'),
    typeof config === 'string' ? config : JSON.stringify(config, null, 2),
  );
  for (const [name, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), content);
  }
  return dir;
}

class Capture extends Writable {
  text = '';
  isTTY = false;
  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    this.text += chunk.toString();
    done();
  }
}

/** A command context writing into strings instead of the terminal. */
export function testContext(
  tenantsDir: string,
  options: { json?: boolean; interactive?: boolean; cwd?: string } = {},
): Context & { out: Capture; err: Capture } {
  const out = new Capture();
  const err = new Capture();
  const ctx = createContext(
    { tenantsDir, json: options.json ?? false },
    {
      stdout: out,
      stderr: err,
      interactive: options.interactive ?? false,
      cwd: options.cwd ?? REPO,
      env: {},
    },
  );
  return Object.assign(ctx, { out, err });
}
