import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The release workflow's shape, read as text (no YAML parser in the dependencies, and the checks need only the
 * jobs' blocks): a prepare job that checks the tag, validates and caches the compile under the CLI's own hash,
 * a matrix of shards restoring that compile, and a final job checking every tenant's live meta.json.
 */
const workflow = readFileSync(new URL('../.github/workflows/release.yml', import.meta.url), 'utf8');

/** Each job's lines under `jobs:`, by name (jobs are the keys indented by two spaces). */
function jobs(text: string): Map<string, string> {
  const body = text.slice(text.search(/^jobs:$/m));
  const found = new Map<string, string>();
  const heads = [...body.matchAll(/^ {2}([a-z][a-z0-9-]*):$/gm)];
  heads.forEach((head, i) => found.set(head[1]!, body.slice(head.index, heads[i + 1]?.index)));
  return found;
}

const all = jobs(workflow);
const job = (name: string) => all.get(name) ?? '';

describe('the release workflow', () => {
  it('has a prepare job, a matrix of publish shards after it and a status job after them', () => {
    expect([...all.keys()]).toEqual(['prepare', 'publish', 'status']);
    expect(job('publish')).toMatch(/^ {4}needs: prepare$/m);
    expect(job('status')).toMatch(/^ {4}needs: publish$/m);
  });

  it('checks the tag and validates strictly on Node 22 before any shard runs', () => {
    expect(job('prepare')).toContain('GITHUB_REF_NAME#v');
    expect(job('prepare')).toContain('npx portal validate --strict');
    for (const name of all.keys()) expect(job(name), name).toMatch(/node-version: 22\b/);
  });

  it('caches the compile under the CLI compile hash and hands that key to every shard', () => {
    const prepare = job('prepare');
    expect(prepare).toMatch(/compile-hash: \$\{\{ steps\.compile-hash\.outputs\.hash \}\}/);
    expect(prepare).toContain('npx portal build --print-compile-hash');
    expect(prepare).toMatch(
      /uses: actions\/cache@v4\n\s+with:\n\s+path: \.portal\/cache\/app\n\s+key: portal-app-\$\{\{ steps\.compile-hash\.outputs\.hash \}\}/,
    );
    expect(job('publish')).toMatch(
      /uses: actions\/cache\/restore@v4\n\s+with:\n\s+path: \.portal\/cache\/app\n\s+key: portal-app-\$\{\{ needs\.prepare\.outputs\.compile-hash \}\}\n\s+fail-on-cache-miss: true/,
    );
  });

  it('builds and publishes one shard per matrix job', () => {
    const publish = job('publish');
    const shards = /matrix:\n\s+shard: \[([\d, ]+)\]/.exec(publish)?.[1]?.split(/,\s*/).map(Number);
    expect(shards).toEqual([1, 2, 3, 4]);
    const shard = '--shard ${{ matrix.shard }}/${{ strategy.job-total }}';
    expect(publish).toContain(`npx portal build --all ${shard}`);
    expect(publish).toContain(`npx portal publish --all ${shard}`);
  });

  it("ends with portal status over every shard's build stamps, also when a shard failed", () => {
    const status = job('status');
    expect(status).toContain('if: ${{ !cancelled() }}');
    expect(job('publish')).toMatch(
      /name: build-stamps-\$\{\{ matrix\.shard \}\}\n\s+path: dist\/\*\/\.portal-build\.json/,
    );
    expect(status).toMatch(/pattern: build-stamps-\*\n\s+merge-multiple: true\n\s+path: dist/);
    expect(status).toContain('npx portal status --to "$PORTAL_TARGET"');
  });
});
