import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// A comment says why the code is as it is. Naming the tracker entry that asked for the code sends the reader to a
// tracker that the code does not carry with it, and goes stale when the entry closes. (api/ has its own check in
// api/test/structure.test.ts.)
const root = fileURLToPath(new URL('../', import.meta.url));
// `//` after a colon is a URL's, not a comment.
const COMMENT = /(?<!:)\/\/[^\n]*|\/\*[\s\S]*?\*\//g;
// "ticket" alone is the product's word now (support tickets); a ticket cited by number is still a citation.
const CITES_ISSUE = /\bissues?\b|\btickets?\s*#?\d+/i;

function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.(tsx?|css)$/.test(name) && !name.split(path.sep).includes('node_modules'))
    .map((name) => path.join(dir, name));
}

describe('comments in app/, e2e/, cli/ and scripts/', () => {
  it('say why instead of citing an issue', () => {
    const citing = ['app', 'e2e', 'cli', 'scripts'].flatMap(sources).flatMap((file) =>
      [...readFileSync(path.join(root, file), 'utf8').matchAll(COMMENT)]
        .map(([comment]) => comment)
        .filter((comment) => CITES_ISSUE.test(comment))
        .map((comment) => `${file}: ${comment.split('\n')[0]}`),
    );
    expect(citing).toEqual([]);
  });
});
