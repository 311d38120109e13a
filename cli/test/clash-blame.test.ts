/**
 * An id or domain clash is blamed on the tenant that brought it (its value is not what it was last built with),
 * so a new tenant copying a live one's domain or id is refused alone: validate flags only its file, naming the
 * live tenant, and publish ships the live tenants and exits 5 naming only the newcomer. Only when no tenant of
 * the clash was ever built with the value are they all refused.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { run as publish } from '../src/commands/publish.js';
import { run as validate } from '../src/commands/validate.js';
import { STAMP_FILE } from '../src/lib/bake/status.js';
import {
  runCommand,
  tempDir,
  writeDist,
  writeTenants,
  type FixtureTenant,
} from './publish/support/fixtures.js';

const ACME: FixtureTenant = { slug: 'acme', id: 101 };
const GLOBEX: FixtureTenant = { slug: 'globex', id: 102 };

let root: string;
let tenantsDir: string;
let out: string;

/** A tenant that was never built, with acme's domain (or id) copied into it. */
async function writeNewcomer(config: Record<string, unknown>): Promise<void> {
  await writeTenants(tenantsDir, [{ slug: 'newco', id: 103 }]);
  const file = path.join(tenantsDir, 'newco/tenant.json');
  const current = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  await writeFile(file, JSON.stringify({ ...current, ...config }));
}

const check = (options: { tenant?: string[] } = {}) =>
  runCommand(validate, { tenant: options.tenant ?? [], json: true }, { cwd: root, tenantsDir, json: true });

const problemsBySlug = (stdout: string) => {
  const report = JSON.parse(stdout) as { file: string; pointer: string; message: string }[];
  return report.map((p) => [p.file.split('/').at(-2), p.pointer, p.message]);
};

beforeEach(async () => {
  root = await tempDir();
  tenantsDir = path.join(root, 'tenants');
  out = path.join(root, 'dist');
  await writeTenants(tenantsDir, [ACME, GLOBEX]);
  await writeDist(out, ACME, '7.2.2');
  await writeDist(out, GLOBEX, '7.2.2');
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('a domain or id clash with a tenant that was built', () => {
  it('validate flags only the newcomer, naming the built tenant', async () => {
    await writeNewcomer({ domain: 'acme.example.com' });
    const result = await check();
    expect(result.code).toBe(3);
    expect(problemsBySlug(result.stdout)).toEqual([
      [
        'newco',
        '/domain',
        'domain "acme.example.com" is already used by tenants/acme/tenant.json, which was built with it; give this tenant its own',
      ],
    ]);
    expect((await check({ tenant: ['acme'] })).code).toBe(0);
  });

  it('blames an id copied from a built tenant on the copy', async () => {
    await writeNewcomer({ id: 102 });
    expect(problemsBySlug((await check()).stdout)).toEqual([
      [
        'newco',
        '/id',
        'id 102 is already used by tenants/globex/tenant.json, which was built with it; give this tenant its own',
      ],
    ]);
  });

  it('blames the built tenant that changed to a value another tenant was built with', async () => {
    const file = path.join(tenantsDir, 'acme/tenant.json');
    const acme = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
    await writeFile(file, JSON.stringify({ ...acme, domain: 'globex.example.com' }));
    expect(problemsBySlug((await check()).stdout).map(([slug, pointer]) => [slug, pointer])).toEqual([
      ['acme', '/domain'],
    ]);
  });

  it('reads the domain from the baked page when the stamp predates recording it', async () => {
    const stampFile = path.join(out, 'acme', STAMP_FILE);
    const { domain: _, ...oldStamp } = JSON.parse(await readFile(stampFile, 'utf8')) as Record<
      string,
      unknown
    >;
    await writeFile(stampFile, JSON.stringify(oldStamp));
    await writeFile(
      path.join(out, 'acme/index.html'),
      '<script type="application/json" id="portal-config">{"tenantId":101,"domain":"acme.example.com"}</script>',
    );
    await writeNewcomer({ domain: 'acme.example.com' });
    expect(problemsBySlug((await check()).stdout).map(([slug]) => slug)).toEqual(['newco']);
  });

  it('refuses both when neither was ever built with the value', async () => {
    await rm(out, { recursive: true });
    await writeNewcomer({ domain: 'acme.example.com' });
    const problems = problemsBySlug((await check()).stdout);
    expect(problems.map(([slug]) => slug)).toEqual(['acme', 'newco']);
    expect(problems[0]![2]).toBe(
      'domain "acme.example.com" is also used by tenants/newco/tenant.json; each tenant needs its own',
    );
  });

  it('publish --all ships the live tenants and exits 5 naming only the newcomer', async () => {
    await writeNewcomer({ domain: 'acme.example.com' });
    const storage = path.join(root, 'storage');
    const result = await runCommand(
      publish,
      { all: true, out: 'dist', to: storage, concurrency: 4, retryBaseMs: 1 },
      { cwd: root, tenantsDir },
    );
    expect(result.code).toBe(5);
    expect(result.stderr).toContain('2 of 2 tenants published');
    expect(result.stderr).toContain('Not published, invalid config: newco.');
    expect(result.stderr).toContain('`portal validate --tenant newco`');
    expect(result.stderr).not.toMatch(/invalid config: .*acme/);
    for (const slug of ['acme', 'globex'])
      expect(JSON.parse(await readFile(path.join(storage, 'sites', slug, 'meta.json'), 'utf8'))).toEqual({
        version: '7.2.2',
      });
  });
});
