/** The targets npm run lighthouse checks, and how it picks a page's representative run. */
export type Category = 'performance' | 'accessibility' | 'best-practices';

export const TARGETS: Record<Category, number> = {
  performance: 95,
  accessibility: 100,
  'best-practices': 95,
};

/** /login is index.html and the stylesheet before any script: it is held to more than the signed-in pages. */
export function targetsFor(page: string): Record<Category, number> {
  return page === '/login' ? { ...TARGETS, performance: 98 } : TARGETS;
}

export interface Scores {
  /** 0 to 100 per category. */
  categories: Record<Category, number>;
  /** Titles of the audits that lost the category points in this run. */
  failing: Record<Category, string[]>;
  /** The run's report name (without .json / .html). */
  report: string;
}

/** A run's report file name (without .json / .html): acme-coach-clients-2 for /coach/clients, no folders. */
export function reportName(tenant: string, page: string, run: number): string {
  return `${tenant}${page.replaceAll('/', '-')}-${run}`;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
};

/**
 * A page's figures from its runs: each category's median score (performance varies with the machine's load),
 * with the audits and report of the run whose performance score is that median.
 */
export function medianRun(runs: Scores[]): Scores {
  if (runs.length === 0) throw new Error('No runs to take a median of.');
  const categories = Object.fromEntries(
    (Object.keys(TARGETS) as Category[]).map((id) => [id, median(runs.map((run) => run.categories[id]))]),
  ) as Record<Category, number>;
  const middle = runs.find((run) => run.categories.performance === categories.performance)!;
  return { ...middle, categories };
}

/** The categories of a run below their target, with the audits to look at. */
export function shortfalls(
  run: Scores,
  targets: Record<Category, number> = TARGETS,
): { category: Category; score: number; audits: string[] }[] {
  return (Object.keys(targets) as Category[])
    .filter((category) => run.categories[category] < targets[category])
    .map((category) => ({ category, score: run.categories[category], audits: run.failing[category] }));
}
