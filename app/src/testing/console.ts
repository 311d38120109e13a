/**
 * A quiet run is a checked run: a console.error or console.warn that a test did not announce with
 * expectConsole() fails that test, so a warning (a query function resolving undefined, a missing key, an act()
 * slip) is fixed where it starts instead of scrolling past in the output. Announced output is not printed.
 */
import { format } from 'node:util';
import { vi, type MockInstance } from 'vitest';

type Level = 'error' | 'warn';

interface Expected {
  level: Level;
  pattern: RegExp;
  seen: boolean;
}

const expected: Expected[] = [];
const unexpected: string[] = [];
let spies: MockInstance[] = [];

/** This test writes console.<level> output matching `pattern` (at least once); it is checked, not printed. */
export function expectConsole(level: Level, pattern: RegExp): void {
  expected.push({ level, pattern, seen: false });
}

/** Before each test: console.error and console.warn are recorded instead of printed. */
export function watchConsole(): void {
  spies = (['error', 'warn'] as const).map((level) =>
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      const text = format(...args);
      const match = expected.find((e) => e.level === level && e.pattern.test(text));
      if (match) match.seen = true;
      else unexpected.push(`console.${level}: ${text}`);
    }),
  );
}

/** After each test: fails it for output nobody announced, and for announced output that never came. */
export function checkConsole(): void {
  for (const spy of spies) spy.mockRestore();
  spies = [];
  const problems = [
    ...unexpected,
    ...expected.filter((e) => !e.seen).map((e) => `no console.${e.level} matched ${String(e.pattern)}`),
  ];
  expected.length = 0;
  unexpected.length = 0;
  if (problems.length > 0) throw new Error(`Unexpected console output:\n${problems.join('\n')}`);
}
