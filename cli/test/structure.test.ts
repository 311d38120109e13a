/**
 * The shape of the code itself: facts the type checker cannot hold by itself (a cast silences it), checked on
 * the sources so that a later change cannot quietly bring them back.
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from './helpers.js';

async function sources(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(path.join(REPO, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) found.push(...(await sources(rel)));
    else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) found.push(rel);
  }
  return found;
}

/** The files of dirs whose text matches pattern. */
async function matching(dirs: string[], pattern: RegExp): Promise<string[]> {
  const files = (await Promise.all(dirs.map(sources))).flat();
  const texts = await Promise.all(files.map((file) => readFile(path.join(REPO, file), 'utf8')));
  return files.filter((_, i) => pattern.test(texts[i]!)).sort();
}

describe('typed edges', () => {
  it('a loaded tenant carries its config by type: no config! and no as unknown as in cli/src or scripts', async () => {
    expect(await matching(['cli/src', 'scripts'], /config!|as unknown as|NonNullable<LoadedTenant/)).toEqual(
      [],
    );
  });

  it('the command table hands each command options it parsed itself, with no cast', async () => {
    const table = await readFile(path.join(REPO, 'cli/src/index.ts'), 'utf8');
    expect(table).not.toMatch(/\bas (unknown|never|string\[\]|Command|GlobalOptions)\b/);
    for (const file of await sources('cli/src/commands'))
      expect(await readFile(path.join(REPO, file), 'utf8'), file).toMatch(/export function parseOptions\(/);
  });
});
