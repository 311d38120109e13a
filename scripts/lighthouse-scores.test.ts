/** npm run lighthouse's figures: each category's median over the runs, and what falls short of the targets. */
import { describe, expect, it } from 'vitest';
import { medianRun, reportName, shortfalls, targetsFor, type Scores } from './lib/lighthouse-scores.js';

const run = (performance: number, accessibility: number, bestPractices: number, report: string): Scores => ({
  categories: { performance, accessibility, 'best-practices': bestPractices },
  failing: { performance: [`slow ${report}`], accessibility: [], 'best-practices': [`console ${report}`] },
  report,
});

describe('lighthouse scores', () => {
  it('takes each category’s median, with the audits of the run at the median performance', () => {
    const median = medianRun([run(91, 100, 96, 'a'), run(97, 100, 100, 'b'), run(95, 98, 92, 'c')]);
    expect(median.categories).toEqual({ performance: 95, accessibility: 100, 'best-practices': 96 });
    expect(median.report).toBe('c');
    // An even count takes the lower middle: a page is never reported better than half its runs.
    expect(medianRun([run(99, 100, 100, 'a'), run(80, 100, 100, 'b')]).categories.performance).toBe(80);
    expect(() => medianRun([])).toThrow();
  });

  it('lists the categories below target with their audits', () => {
    expect(shortfalls(run(95, 100, 95, 'a'))).toEqual([]);
    expect(shortfalls(run(94, 99, 96, 'a'))).toEqual([
      { category: 'performance', score: 94, audits: ['slow a'] },
      { category: 'accessibility', score: 99, audits: [] },
    ]);
  });

  it('holds /login to a performance of 98 and the signed-in pages to 95', () => {
    expect(shortfalls(run(97, 100, 95, 'a'), targetsFor('/login'))).toEqual([
      { category: 'performance', score: 97, audits: ['slow a'] },
    ]);
    expect(shortfalls(run(97, 100, 95, 'a'), targetsFor('/schedule'))).toEqual([]);
    expect(shortfalls(run(95, 100, 95, 'a'), targetsFor('/coach'))).toEqual([]);
  });

  it('names a nested page’s report with dashes, so that it is a file in the output folder, not a folder', () => {
    expect(reportName('acme', '/login', 1)).toBe('acme-login-1');
    expect(reportName('acme', '/coach/clients', 3)).toBe('acme-coach-clients-3');
  });

  it('holds every signed-in page of every role to 95, and /login alone to 98', () => {
    for (const page of ['/schedule', '/groups', '/mailbox', '/coach', '/coach/clients', '/admin'])
      expect(targetsFor(page)).toEqual({ performance: 95, accessibility: 100, 'best-practices': 95 });
    expect(targetsFor('/login').performance).toBe(98);
  });
});
