/**
 * The tenant schema's compiled validator is kept in .portal/cache/validators/ (ajv's standalone code): a later
 * process loads it instead of compiling the schemas again, and gets the very problems a fresh compile reports.
 */
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { minimalConfig, REPO } from './helpers.js';

const CACHE = path.join(REPO, '.portal', 'cache', 'validators');
const BROKEN = {
  id: 0,
  name: '',
  domain: 'NOT A DOMAIN',
  apiUrl: 'ftp://x',
  theme: { primary: 'red' },
  extra: 1,
};

/** schemaErrors of a module instance of its own, as a new process would have. */
async function freshSchemaErrors() {
  vi.resetModules();
  // Node's own module cache holds a required file too.
  const { cache } = createRequire(import.meta.url);
  for (const id of Object.keys(cache)) if (id.startsWith(CACHE)) delete cache[id];
  return (await import('../src/lib/tenants/schema.js')).schemaErrors;
}

async function cachedFiles(): Promise<string[]> {
  return (await readdir(CACHE).catch(() => [] as string[])).filter((name) =>
    /^tenant-[0-9a-f]{64}\.cjs$/.test(name),
  );
}

describe('tenant validator cache', () => {
  it('compiles once, then loads the kept code, which reports the same problems', async () => {
    for (const name of await cachedFiles()) await rm(path.join(CACHE, name), { force: true });
    const compiled = (await freshSchemaErrors())(BROKEN);
    expect(compiled.length).toBeGreaterThan(3);
    const [file] = await cachedFiles();
    expect(file).toBeDefined();
    expect((await freshSchemaErrors())(BROKEN)).toEqual(compiled);
    // What is loaded is the kept file: one that adds a problem for a marked value reports it. Every other value
    // gets the kept code's answer, so test files running beside this one see no difference.
    const kept = path.join(CACHE, file!);
    const code = await readFile(kept, 'utf8');
    await writeFile(
      kept,
      `${code}\n;{ const real = module.exports; const probe = function (data) { const ok = real(data); probe.errors = real.errors;` +
        ` if (data && data.probe === 'kept') { probe.errors = [{ instancePath: '/probe', schemaPath: '#/probe', keyword: 'probe',` +
        ` params: {}, message: 'from the kept code' }]; return false; } return ok; }; module.exports = probe; }\n`,
    );
    try {
      const errors = (await freshSchemaErrors())({ ...minimalConfig(), probe: 'kept' });
      expect(errors.map((e) => [e.pointer, e.keyword])).toEqual([['/probe', 'probe']]);
    } finally {
      await rm(kept, { force: true });
    }
    expect((await freshSchemaErrors())(BROKEN)).toEqual(compiled);
  });
});
