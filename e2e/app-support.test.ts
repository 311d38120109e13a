/**
 * The browser tests check a page's accessibility, its width and its error state one way, app-support's: axe
 * through expectNoSeriousViolations (or accessibleAtWidths for a page at the desktop's and the phone's width),
 * the sideways scroll through expectNoSidewaysScroll, and a screen's failed load through
 * expectLoadFailedThenRetry. A file with a copy of its own would drift from them unnoticed. Reads the files as
 * text: it starts no stack.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const here = import.meta.dirname;
const tests = readdirSync(here).filter((name) => name.endsWith('.test.ts') && name !== 'app-support.test.ts');
/** The test files whose text matches `pattern`, but for those `allowed` names with the reason. */
const using = (pattern: RegExp, allowed: Record<string, string> = {}) =>
  tests.filter((name) => !(name in allowed) && pattern.test(readFileSync(`${here}/${name}`, 'utf8'))).sort();

describe('the browser tests use app-support for', () => {
  it('axe', () => {
    expect(
      using(/new AxeBuilder\(/, {
        'app-looks.test.ts': 'checks the WCAG 2.1 A and AA rules by tag, not only the serious violations',
      }),
    ).toEqual([]);
  });

  it('the sideways scroll', () => {
    expect(
      using(/documentElement\.scrollWidth/, {
        'staff-pages.test.ts': 'its crawl reports the width with the element that reaches furthest',
      }),
    ).toEqual([]);
  });

  it('the error state and its Try again', () => {
    expect(using(/name: 'Try again' \}\)\.click\(\)/)).toEqual([]);
  });
});
