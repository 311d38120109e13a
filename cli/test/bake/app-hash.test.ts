/**
 * The app hash keys the compile cache: a changed app source or schema must change it (else a build would ship
 * the old compile), while an unchanged checkout is hashed from each input's stat and the digests recorded
 * beside the compile cache, without reading the files again.
 */
import { mkdir, readFile, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hashAppInputs, INPUT_DIGESTS_FILE } from '../../src/lib/bake/hash.js';
import { tempDir } from '../helpers.js';

/** A checkout with the app inputs the hash covers, each written more than the settling time ago. */
async function checkout(): Promise<string> {
  const root = await tempDir();
  const files: Record<string, string> = {
    'app/src/main.tsx': 'export const main = 1;\n',
    'app/src/main.test.tsx': 'test file, not an input\n',
    'contracts/tenant.schema.json': '{"type":"object"}\n',
    'package-lock.json': '{}\n',
    'cli/src/lib/bake/vite-config.ts': 'export default {};\n',
  };
  const past = new Date(Date.now() - 60_000);
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
    await utimes(path.join(root, file), past, past);
  }
  return root;
}

/** Rewrites a file with other bytes of the same size, its modification time set back to what it was. */
async function rewriteInPlace(file: string, text: string): Promise<void> {
  const before = await stat(file);
  expect(Buffer.byteLength(text)).toBe(before.size);
  await writeFile(file, text);
  await utimes(file, before.atime, before.mtime);
}

describe('app hash', () => {
  it('records each input digest and gives the same hash for an unchanged checkout; tests are no input', async () => {
    const root = await checkout();
    const first = hashAppInputs(root, '7.2.2');
    const recorded = JSON.parse(await readFile(path.join(root, INPUT_DIGESTS_FILE), 'utf8')) as object;
    expect(Object.keys(recorded).sort()).toEqual([
      'app/src/main.tsx',
      'cli/src/lib/bake/vite-config.ts',
      'contracts/tenant.schema.json',
      'package-lock.json',
    ]);
    expect(hashAppInputs(root, '7.2.2')).toBe(first);
    expect(hashAppInputs(root, '7.3.0')).not.toBe(first);
    await writeFile(path.join(root, 'app/src/main.test.tsx'), 'changed test\n');
    expect(hashAppInputs(root, '7.2.2')).toBe(first);
  });

  it('trusts a recorded digest only while the file stat is the same: the unchanged file is not read again', async () => {
    const root = await checkout();
    const first = hashAppInputs(root, '7.2.2');
    const digestsFile = path.join(root, INPUT_DIGESTS_FILE);
    const recorded = JSON.parse(await readFile(digestsFile, 'utf8')) as Record<string, [string, string]>;
    // A record that lies about the bytes is believed while the stat matches: proof the file was not read.
    recorded['package-lock.json']![1] = 'f'.repeat(64);
    await writeFile(digestsFile, JSON.stringify(recorded));
    expect(hashAppInputs(root, '7.2.2')).not.toBe(first);
    // Once the file's stat changes, its bytes are read again.
    await utimes(
      path.join(root, 'package-lock.json'),
      new Date(Date.now() - 30_000),
      new Date(Date.now() - 30_000),
    );
    expect(hashAppInputs(root, '7.2.2')).toBe(first);
  });

  it('changes when a source or schema changes, even with the same size and modification time, or a file comes or goes', async () => {
    const root = await checkout();
    const first = hashAppInputs(root, '7.2.2');
    await rewriteInPlace(path.join(root, 'app/src/main.tsx'), 'export const main = 2;\n');
    const second = hashAppInputs(root, '7.2.2');
    expect(second).not.toBe(first);
    await rewriteInPlace(path.join(root, 'contracts/tenant.schema.json'), '{"type":"string"}\n');
    const third = hashAppInputs(root, '7.2.2');
    expect(third).not.toBe(second);
    await writeFile(path.join(root, 'app/src/extra.ts'), 'export {};\n');
    expect(hashAppInputs(root, '7.2.2')).not.toBe(third);
    // A damaged record file is no record: every input is read.
    await writeFile(path.join(root, INPUT_DIGESTS_FILE), 'not json');
    expect(hashAppInputs(root, '7.2.2')).not.toBe(third);
  });
});
