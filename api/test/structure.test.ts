// The API's source keeps the shape api/README.md describes: the seed is its own folder (demo data is not part of
// the database layer the app runs on), nothing is exported that no other file uses (an export is a promise
// someone depends on it), comments say why rather than which issue asked for the code, and control characters
// have one rule (src/plain-text.ts), not a pattern of their own in each file that meets text.
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

async function sources(dir: string, pattern = /\.(ts|md)$/): Promise<Map<string, string>> {
  const names = (await readdir(join(root, dir), { recursive: true })).filter((name) => pattern.test(name));
  const texts = await Promise.all(names.map((name) => readFile(join(root, dir, name), 'utf8')));
  return new Map(names.map((name, i) => [join(dir, name), texts[i]!]));
}

describe('api/ structure', () => {
  it('keeps the seed in src/seed, out of src/db', () => {
    expect(existsSync(join(root, 'api/src/seed/seed.ts'))).toBe(true);
    expect(existsSync(join(root, 'api/src/db/seed.ts'))).toBe(false);
  });

  it('exports nothing that no other file of the repository uses', async () => {
    const api = await sources('api/src', /\.ts$/);
    const users = new Map([
      ...api,
      ...(await sources('api/test', /\.ts$/)),
      ...(await sources('scripts', /\.ts$/)),
      ...(await sources('e2e', /\.ts$/)),
    ]);
    const unused: string[] = [];
    for (const [file, text] of api) {
      for (const [, name] of text.matchAll(
        /^export (?:async )?(?:const|function|interface|type|class) (\w+)/gm,
      )) {
        const word = new RegExp(`\\b${name}\\b`);
        const used = [...users].some(([other, otherText]) => other !== file && word.test(otherText));
        if (!used) unused.push(`${relative('api/src', file)}: ${name}`);
      }
    }
    expect(unused).toEqual([]);
  });

  it('has no comment that cites an issue number instead of saying why', async () => {
    const cites: string[] = [];
    for (const [file, text] of await sources('api')) {
      text.split('\n').forEach((line, i) => {
        if (/\b[Ii]ssues? #?\d+/.test(line)) cites.push(`${file}:${i + 1}`);
      });
    }
    expect(cites).toEqual([]);
  });

  it('keeps the one plain-text rule in src/plain-text.ts: no other control-character pattern', async () => {
    // A control character written as an escape (\u0000..\u001f, \u007f, \x00..\x1f, \x7f), a Unicode control
    // class, a line-break class, or eslint's no-control-regex switched off: each is a rule of its own.
    const pattern =
      /\\u00[01][0-9a-f]|\\u007f|\\x[01][0-9a-f]|\\x7f|\\p\{(?:Cc|C|Control)\}|\[\\r\\n\]|\[\\n\\r\]|no-control-regex/i;
    const found: string[] = [];
    for (const [file, text] of await sources('api/src', /\.ts$/)) {
      if (file === join('api/src', 'plain-text.ts')) continue;
      text.split('\n').forEach((line, i) => {
        if (pattern.test(line)) found.push(`${file}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(found).toEqual([]);
  });

  it('answers 429 from the limits module only (and the login throttle, which counts per IP): no limit of its own', async () => {
    const own = [
      join('api/src', 'services/limits/limits.ts'),
      join('api/src', 'services/throttle/throttle-service.ts'),
    ];
    const found: string[] = [];
    for (const [file, text] of await sources('api/src', /\.ts$/)) {
      if (own.includes(file) || file === join('api/src', 'errors.ts')) continue;
      text.split('\n').forEach((line, i) => {
        if (/\btooMany\(|new HttpError\(429\b/.test(line)) found.push(`${file}:${i + 1}`);
      });
    }
    expect(found).toEqual([]);
  });
});
