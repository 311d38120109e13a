import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../src/commands/list.js';
import { computeAppHash, computeTenantHash } from '../src/lib/bake/hash.js';
import { STAMP_FILE } from '../src/lib/bake/status.js';
import { REPO, minimalConfig, tempDir, testContext, writeTenant } from './helpers.js';

describe('portal list', () => {
  it('prints a table on stdout, invalid tenants with their problem count', async () => {
    const dir = await tempDir();
    await writeTenant(dir, 'good', minimalConfig({ id: 7, name: 'Good Co', domain: 'good.example' }));
    await writeTenant(dir, 'bad', { id: 8, name: 'Bad Co', domain: 'BAD', apiUrl: 'x', extra: 1 });
    await writeTenant(dir, 'broken', '{ not json');
    const ctx = testContext(dir, { cwd: await tempDir() });
    expect(await run({}, ctx)).toBe(0);
    const lines = ctx.out.text.split('\n');
    expect(lines[0]).toMatch(/^SLUG\s+ID\s+NAME\s+DOMAIN\s+BUILD$/);
    expect(lines[1]).toMatch(/^bad\s+8\s+Bad Co\s+BAD\s+missing\s+invalid \(3 problems\)$/);
    expect(lines[2]).toMatch(/^broken\s+-\s+-\s+-\s+missing\s+invalid \(1 problem\)$/);
    expect(lines[3]).toMatch(/^good\s+7\s+Good Co\s+good.example\s+missing$/);
    expect(ctx.err.text).toContain('2 invalid: run `portal validate` for the details.');
  });

  it('prints JSON on stdout with the build state (current, stale, missing)', async () => {
    const dir = await tempDir();
    const out = await tempDir();
    for (const slug of ['fresh', 'old', 'none']) await writeTenant(dir, slug, minimalConfig());
    const appHash = await computeAppHash(REPO, '7.2.2');
    const stamp = async (slug: string, tenantHash: string) => {
      await mkdir(path.join(out, slug), { recursive: true });
      await writeFile(
        path.join(out, slug, STAMP_FILE),
        JSON.stringify({
          slug,
          tenantId: 1,
          version: '7.2.2',
          appHash,
          tenantHash,
          builtAt: new Date().toISOString(),
        }),
      );
    };
    await stamp('fresh', await computeTenantHash(REPO, path.join(dir, 'fresh'), appHash));
    await stamp('old', 'outdated');
    const ctx = testContext(dir, { json: true });
    expect(await run({ out, json: true }, ctx)).toBe(0);
    const rows = JSON.parse(ctx.out.text) as {
      slug: string;
      build: string;
      valid: boolean;
      problems: number;
    }[];
    expect(rows.map((row) => [row.slug, row.build, row.valid, row.problems])).toEqual([
      ['fresh', 'current', true, 0],
      ['none', 'missing', true, 0],
      ['old', 'stale', true, 0],
    ]);
    expect(ctx.err.text).toBe('');
  });

  it('lists the example tenants', async () => {
    const ctx = testContext(path.join(REPO, 'tenants'), { json: true });
    await run({ out: await tempDir(), json: true }, ctx);
    expect(
      (JSON.parse(ctx.out.text) as { slug: string; id: number }[]).map((row) => [row.slug, row.id]),
    ).toEqual([
      ['acme', 2002],
      ['demo', 1001],
      ['globex', 3003],
    ]);
  });
});
