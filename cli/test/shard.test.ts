/**
 * `--shard k/n` of build and publish: which tenants a shard takes (stable, each tenant in exactly one, balanced),
 * the usage errors, and that both commands really act on their shard only.
 */
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { execa } from 'execa';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { run as publishRun } from '../src/commands/publish.js';
import { REPO_ROOT } from '../src/lib/context.js';
import { inShard, parseShard, shardOf } from '../src/lib/shard.js';
import { runCommand, tempDir, writeDist, writeTenants } from './publish/support/fixtures.js';
import { writeTenant } from './helpers.js';

const slugs = (count: number, prefix = 'tenant') =>
  Array.from({ length: count }, (_, i) => `${prefix}-${String(i).padStart(3, '0')}`);

describe('shard membership', () => {
  it('puts every tenant in exactly one of the n shards', () => {
    const all = slugs(100);
    for (const count of [1, 2, 3, 4, 7]) {
      const shards = Array.from({ length: count }, (_, i) =>
        inShard(
          all.map((slug) => ({ slug })),
          { index: i + 1, count },
        ).map((t) => t.slug),
      );
      expect(shards.flat().sort(), `n=${count}`).toEqual(all);
    }
  });

  it('moves at most 2 of 100 tenants when one tenant is added, whatever its name', () => {
    const before = slugs(100);
    const assigned = new Map(before.map((slug) => [slug, shardOf(slug, 4)]));
    for (const added of ['zeta', 'aaa', 'tenant-100', 'acme-coaching']) {
      const after = [...before, added].map((slug) => ({ slug }));
      const quarters = [1, 2, 3, 4].map((index) => inShard(after, { index, count: 4 }).map((t) => t.slug));
      const moved = before.filter((slug) => !quarters[assigned.get(slug)! - 1]!.includes(slug));
      expect(moved.length, added).toBeLessThanOrEqual(2);
      expect(
        quarters.filter((quarter) => quarter.includes(added)),
        added,
      ).toHaveLength(1);
    }
  });

  it('balances the shards: no quarter of 1,000 tenants is far from 250', () => {
    const all = slugs(1000, 'coach');
    const sizes = [1, 2, 3, 4].map(
      (index) =>
        inShard(
          all.map((slug) => ({ slug })),
          { index, count: 4 },
        ).length,
    );
    for (const size of sizes) expect(size).toBeGreaterThan(200);
    for (const size of sizes) expect(size).toBeLessThan(300);
  });

  it('reads k/n and refuses anything else as a usage error', () => {
    expect(parseShard(undefined, true)).toBeUndefined();
    expect(parseShard('2/4', true)).toEqual({ index: 2, count: 4 });
    for (const bad of ['0/4', '5/4', 'x/y', '2', '1/0', '-1/4', '2/4/1', ' 2/4', '1/999'])
      expect(() => parseShard(bad, true), bad).toThrow(/--shard must be k\/n/);
    expect(() => parseShard('2/4', false)).toThrow(/use it together with --all/);
  });
});

describe('--shard on the command line', () => {
  let root: string;
  let tenantsDir: string;

  beforeEach(async () => {
    root = await tempDir();
    tenantsDir = path.join(root, 'tenants');
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  const portal = (args: string[]) =>
    execa('node', [path.join(REPO_ROOT, 'bin/portal.js'), ...args, '--tenants-dir', tenantsDir], {
      cwd: root,
      reject: false,
      env: { NO_COLOR: '1', PORTAL_CACHE_DIR: path.join(root, 'cache') },
    });

  it.each([
    ['0/4', /--shard must be k\/n/],
    ['5/4', /--shard must be k\/n/],
    ['x/y', /--shard must be k\/n/],
  ])('build and publish --all --shard %s exit 2 with a usage error', async (value, message) => {
    for (const command of ['build', 'publish']) {
      const result = await portal([command, '--all', '--shard', value]);
      expect(result.exitCode, `${command}: ${result.stderr}`).toBe(2);
      expect(result.stderr).toMatch(message);
    }
  });

  it('build and publish refuse --shard without --all (exit 2)', async () => {
    for (const command of ['build', 'publish']) {
      const result = await portal([command, '--tenant', 'acme', '--shard', '1/2']);
      expect(result.exitCode, `${command}: ${result.stderr}`).toBe(2);
      expect(result.stderr).toContain('use it together with --all');
    }
  });

  it('build --all --shard takes only its shard of the tenants', async () => {
    // Invalid configs: the build reports each tenant it took without compiling the app.
    const all = slugs(12, 'broken');
    for (const slug of all) await writeTenant(tenantsDir, slug, { id: 'not a number' });
    for (const index of [1, 2, 3]) {
      const result = await portal(['build', '--all', '--shard', `${index}/3`, '--json']);
      expect(result.exitCode, result.stderr).toBe(3);
      const reported = (JSON.parse(result.stdout) as { tenants: { slug: string }[] }).tenants.map(
        (t) => t.slug,
      );
      expect(reported).toEqual(all.filter((slug) => shardOf(slug, 3) === index));
    }
  });

  it('an empty shard says so, builds and publishes nothing and exits 0', async () => {
    const [slug] = slugs(1, 'only');
    await writeTenants(tenantsDir, [{ slug: slug!, id: 301 }]);
    const empty = shardOf(slug!, 2) === 1 ? 2 : 1;
    for (const command of ['build', 'publish']) {
      const target = command === 'publish' ? ['--to', 'storage'] : [];
      const result = await portal([command, '--all', '--shard', `${empty}/2`, ...target]);
      expect(result.exitCode, result.stderr).toBe(0);
      expect(result.stderr).toContain(`Shard ${empty}/2 holds none of the 1 tenant: nothing to ${command}.`);
      expect(result.stderr).not.toMatch(/Built 0|already published/);
      const json = await portal([command, '--all', '--shard', `${empty}/2`, ...target, '--json']);
      expect(json.exitCode, json.stderr).toBe(0);
      const answer = JSON.parse(json.stdout) as unknown[] | { tenants: unknown[] };
      expect(Array.isArray(answer) ? answer : answer.tenants).toEqual([]);
    }
    expect(existsSync(path.join(root, 'dist'))).toBe(false);
    expect(existsSync(path.join(root, 'storage'))).toBe(false);
  });

  it('publish --all --shard publishes only its shard of the tenants', async () => {
    const tenants = slugs(8, 'site').map((slug, i) => ({ slug, id: 300 + i }));
    await writeTenants(tenantsDir, tenants);
    for (const tenant of tenants) await writeDist(path.join(root, 'dist'), tenant, '7.2.2');
    const storage = path.join(root, 'storage');
    const result = await runCommand(
      publishRun,
      { all: true, shard: '2/2', to: storage, out: 'dist', concurrency: 4 },
      { cwd: root, tenantsDir },
    );
    expect(result.code, result.stderr).toBe(0);
    const published = tenants
      .map((t) => t.slug)
      .filter((slug) => existsSync(path.join(storage, 'sites', slug, 'meta.json')));
    expect(published.length).toBeGreaterThan(0);
    expect(published).toEqual(tenants.map((t) => t.slug).filter((slug) => shardOf(slug, 2) === 2));
  });
});
