import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// The project supports every Node from its declared minimum (20.19, what these machines have) up, and
// recommends the current LTS (22) now that Node 20 has reached end of life. These checks keep both promises
// honest: no installed package may demand a newer Node than we declare (npm ci would print EBADENGINE), and
// what we tell people to run is the LTS.
const root = new URL('../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');

const pkg = JSON.parse(read('package.json')) as { engines: { node: string } };
const lock = JSON.parse(read('package-lock.json')) as {
  packages: Record<string, { engines?: { node?: string } | string[] }>;
};

describe('Node support', () => {
  const minimum = semver.minVersion(pkg.engines.node)!.version;

  it.each([
    ['the declared minimum', minimum],
    ['the Node running the tests', process.version],
  ])('every locked package runs on %s', (_, version) => {
    const refusing = Object.entries(lock.packages)
      .filter(([, meta]) => {
        const range = Array.isArray(meta.engines) ? undefined : meta.engines?.node;
        return range !== undefined && !semver.satisfies(version, range);
      })
      .map(([path, meta]) => `${path} (node ${(meta.engines as { node: string }).node})`);
    expect(refusing).toEqual([]);
  });

  it('the release workflow runs on Node 22 LTS', () => {
    expect(read('.github/workflows/release.yml')).toMatch(/node-version:\s*22\b/);
  });

  it('the README recommends Node 22 LTS and still names the minimum', () => {
    const readme = read('README.md');
    expect(readme).toMatch(/Node 22 LTS/);
    expect(readme).toContain(`Node >= ${minimum.replace(/\.0$/, '')}`);
  });
});
