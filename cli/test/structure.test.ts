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

/** The test files under dir (they use exports too). */
async function testSources(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(path.join(REPO, dir), { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith('.test.ts'))
      found.push(path.relative(REPO, path.join(entry.parentPath, entry.name)));
  }
  return found;
}

/** The files of dirs whose code (comment lines left out: they may name anything) matches pattern. */
async function matching(dirs: string[], pattern: RegExp): Promise<string[]> {
  const files = (await Promise.all(dirs.map(sources))).flat();
  const texts = await Promise.all(
    files.map(async (file) =>
      (await readFile(path.join(REPO, file), 'utf8')).replace(/^\s*(\/\/|\/\*|\*).*$/gm, ''),
    ),
  );
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

describe('one owner of the published layout', () => {
  it('names index.html, meta.json, theme.json, themes/, sites/ and the proxied prefixes only in site-layout.ts', async () => {
    const users = ['cli/src/lib/bake', 'cli/src/lib/storage', 'cli/src/lib/serve', 'scripts'];
    const literal =
      /'(index\.html|meta\.json|theme\.json|themes|sites|\/favicon[^']*|\/api)'|`themes\/|\/themes\//;
    expect(await matching(users, literal)).toEqual([]);
    const layout = await readFile(path.join(REPO, 'cli/src/lib/site-layout.ts'), 'utf8');
    expect(layout).toMatch(/INDEX_FILE = 'index\.html'/);
    expect(layout).toMatch(/PROXIED_PREFIXES = \[\s*'\/api'/);
  });

  it('npm run dev builds its page and files with the bake and the layout, not its own copies', async () => {
    const dev = await readFile(path.join(REPO, 'scripts/dev.ts'), 'utf8');
    expect(dev).toMatch(/renderIndex\(/);
    expect(dev).toMatch(/from '\.\.\/cli\/src\/lib\/site-layout\.js'/);
    expect(dev).not.toMatch(/renderTemplate|ScriptJson|CONTENT_TYPES/);
  });

  it('scripts import nothing from cli/test', async () => {
    expect(await matching(['scripts'], /from '[^']*cli\/test\//)).toEqual([]);
  });
});

describe('one place for tenant defaults', () => {
  const sides = [
    'cli/src/lib/tenants/defaults.ts',
    'api/src/services/tenants/tenant-files.ts',
    'app/src/boot/config.ts',
  ];

  it('the bake, the API tenant files and the app config read contracts/tenant-defaults.json', async () => {
    for (const file of sides)
      expect(await readFile(path.join(REPO, file), 'utf8'), file).toMatch(
        /contracts\/tenant-defaults\.json'/,
      );
  });

  it('none of them, nor the bake, spells a default or a training flag itself', async () => {
    const spelt = /'\/themes'|group_coaching|flash_coaching|business_academy/;
    expect(await matching(['cli/src/lib/bake', 'cli/src/lib/storage'], spelt)).toEqual([]);
    for (const file of sides.slice(1))
      expect(await readFile(path.join(REPO, file), 'utf8'), file).not.toMatch(spelt);
  });
});

describe('no unused exports', () => {
  it('every function, constant and class cli/src and scripts export is used in another file', async () => {
    const exporters = (await Promise.all(['cli/src', 'scripts'].map(sources))).flat();
    const everyFile = (await Promise.all(['cli', 'scripts', 'e2e'].map(sources))).flat();
    const tests = (await Promise.all(['cli/test', 'scripts', 'e2e'].map(testSources))).flat();
    const texts = new Map(
      await Promise.all(
        [...new Set([...everyFile, ...tests])].map(
          async (file) => [file, await readFile(path.join(REPO, file), 'utf8')] as const,
        ),
      ),
    );
    const unused: string[] = [];
    for (const file of exporters) {
      const declared = texts.get(file)!.matchAll(/^export (?:async )?(?:function|const|let|class)\s+(\w+)/gm);
      const names = Array.from(declared, (m) => m[1]!);
      for (const name of names) {
        const word = new RegExp(`\\b${name}\\b`);
        if (![...texts].some(([other, text]) => other !== file && word.test(text)))
          unused.push(`${file}: ${name}`);
      }
    }
    expect(unused).toEqual([]);
  });
});
