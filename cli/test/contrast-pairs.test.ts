import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COLOR_KEYS, CONTRAST_PAIRS, type ColorKey } from '../src/lib/tenants/index.js';
import { WHITE_CARD } from '../src/lib/tenants/contrast.js';
import { REPO } from './helpers.js';

/**
 * The pairs `portal validate` checks are the pairs the app draws: this reads every rule of the app's stylesheets
 * (and the style objects of its components) that sets a theme colour as `color` or `background`, and derives
 * the (text, background) pairs from them:
 * - a rule that sets both draws that pair;
 * - a rule that sets only the text colour draws it on the surface around it: the theme background painted by
 *   an ancestor its selector names (`.topbar .icon-button`), else the page background and the white cards;
 * - a rule that paints a theme background must name the text colour on it, unless it holds no text (bars).
 */
const APP_SRC = path.join(REPO, 'app/src');

/** Rules that paint a theme colour under no text: progress bars and the like. */
const NO_TEXT = new Set([
  'progress',
  'progress::-webkit-progress-value',
  'progress::-moz-progress-bar',
  '.score-bar span',
  '.progress-bar-watched',
  '.progress-bar-completed',
  // The unread dot beside a notification: unread is also said in words (bold, a hidden "Unread:").
  '.notification.unread .notification-link::before',
]);

const WHITE = 'white card';
type Surface = ColorKey | typeof WHITE;
interface Rule {
  where: string;
  selector: string;
  color?: string;
  background?: string;
}

const KEY_OF_VAR = new Map(
  COLOR_KEYS.map((key) => [`--color-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`, key]),
);

/** The theme key of `var(--color-x[, fallback])`, else null (a fixed colour, a tint, another variable). */
const themeKey = (value: string | undefined): ColorKey | null =>
  KEY_OF_VAR.get(/^var\((--color-[a-z-]+)/.exec(value ?? '')?.[1] ?? '') ?? null;

function rulesOf(file: string): Rule[] {
  const text = readFileSync(path.join(APP_SRC, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
  const rules: Rule[] = [];
  // The innermost blocks: a rule inside @media is found with its own selector.
  for (const [, head, body] of text.matchAll(/([^{}]*)\{([^{}]*)\}/g)) {
    const decls = new Map(
      [...body!.matchAll(/(?:^|[;,\s])(color|background|background-color)\s*:\s*'?([^;,'\n]+)/g)].map(
        ([, name, value]) => [name === 'background-color' ? 'background' : name!, value!.trim()],
      ),
    );
    if (!themeKey(decls.get('color')) && !themeKey(decls.get('background'))) continue;
    // A style object in a component is one rule without a selector.
    const selectors = file.endsWith('.css')
      ? head!.split(',').map((s) => s.trim().replace(/\s+/g, ' '))
      : [''];
    for (const selector of selectors)
      rules.push({
        where: `${file} ${selector}`,
        selector,
        color: decls.get('color'),
        background: decls.get('background'),
      });
  }
  return rules;
}

function drawnPairs(): { pairs: Set<string>; unexplained: string[] } {
  const files = readdirSync(APP_SRC, { recursive: true, encoding: 'utf8' }).filter(
    (file) => /\.(css|tsx)$/.test(file) && !/\.test\.tsx$/.test(file),
  );
  const rules = files.flatMap(rulesOf);
  const painted = new Map(rules.map((r) => [r.selector, themeKey(r.background)] as const));
  const pairs = new Set<string>();
  const unexplained: string[] = [];
  for (const rule of rules) {
    if (NO_TEXT.has(rule.selector)) continue;
    const [fg, bg] = [themeKey(rule.color), themeKey(rule.background)];
    if (!fg) {
      unexplained.push(`${rule.where}: paints ${rule.background} under no theme text colour`);
      continue;
    }
    if (bg) {
      pairs.add(`${fg} on ${bg}`);
      continue;
    }
    const own = rule.background;
    if (own && !/^(transparent|none)$/.test(own)) {
      if (/^(#fff|#ffffff|white)$/i.test(own)) pairs.add(`${fg} on ${WHITE}`);
      else unexplained.push(`${rule.where}: ${fg} on the fixed colour ${own}`);
      continue;
    }
    // The nearest ancestor the selector names that paints a theme background.
    const ancestors = rule.selector
      .split(/\s*[ >+~]\s*/)
      .slice(0, -1)
      .reverse();
    const around = ancestors.map((a) => painted.get(a)).find((key) => key);
    const surfaces: Surface[] = around ? [around] : ['background', WHITE];
    for (const surface of surfaces) pairs.add(`${fg} on ${surface}`);
  }
  return { pairs, unexplained };
}

describe("the contrast pairs portal validate checks are the app's", () => {
  it('every (text, background) pair of theme colours the stylesheets draw is checked, and no other', () => {
    const { pairs, unexplained } = drawnPairs();
    expect(unexplained, 'rules whose text or background cannot be paired').toEqual([]);
    const checked = CONTRAST_PAIRS.map(
      ({ foreground, background }) =>
        `${foreground} on ${background === WHITE_CARD ? WHITE : String(background)}`,
    );
    expect(new Set(checked).size, 'CONTRAST_PAIRS lists each pair once').toBe(checked.length);
    expect([...checked].sort(), 'CONTRAST_PAIRS in cli/src/lib/tenants/contrast.ts').toEqual(
      [...pairs].sort(),
    );
  });

  it('the primary colour is never drawn as text: titles and names take primaryTextColor', () => {
    const { pairs } = drawnPairs();
    expect([...pairs].filter((pair) => pair.startsWith('primary '))).toEqual([]);
    expect(pairs).toContain('primaryTextColor on white card');
  });
});
