/**
 * npm run lighthouse: Lighthouse's performance, accessibility and best-practices scores of every role's pages
 * (PAGES: the visitor's /login; the client's /schedule, /groups and mailbox (/messages/inbox); the coach's /coach and
 * /coach/clients; the admin's /admin) for every tenant in tenants/ (LIGHTHOUSE_TENANTS=acme,demo for some),
 * against the product as it runs in production: each tenant built and published, served by `portal serve` (its headers,
 * compression and caching), the real API seeded with the demo logins.
 *
 * Lighthouse drives Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium) through its DevTools port;
 * playwright-core launches it with a throwaway profile. Lighthouse's default settings: a mobile phone (Moto G
 * Power sized screen), simulated slow 4G (150 ms RTT, 1.6 Mbps down) and a 4x CPU slowdown; before each run it
 * clears the origin's HTTP cache, Cache Storage and service workers, so every run is a first, cold load.
 * Local storage is kept (Lighthouse does not clear it), which is where the app keeps its session: a client's
 * pages are measured for client@<slug>.test, a coach's for coach@<slug>.test and an admin's for admin@<slug>.test,
 * each role signed in through the real login page (password, then the mailed one-time password) in the same
 * browser before the runs of its first page. /login runs before any sign-in, as a visitor.
 *
 * Each page is measured LIGHTHOUSE_RUNS times (default 3) and the median run is reported. Prints a table (the
 * scores, then the median run's paints, total blocking time, layout shift, script boot-up and main-thread work,
 * the figures to compare two builds by) and, for each category below its target, the audits that lost points; writes every run's JSON and HTML report to
 * LIGHTHOUSE_OUT (default .lighthouse/, ignored by git). Exits 1 when a target is missed.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium, type Page } from 'playwright-core';
import { freePort } from './lib/api-process.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium.js';
import { REPO_ROOT, startLocalStack } from './lib/local-stack.js';
import { otpFromMailFolder } from './lib/mail-folder.js';
import {
  medianRun,
  reportName,
  shortfalls,
  targetsFor,
  TARGETS,
  type Category,
  type Scores,
} from './lib/lighthouse-scores.js';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error('LIGHTHOUSE_RUNS must be a whole number above 0.');
const OUT = path.resolve(process.env.LIGHTHOUSE_OUT ?? path.join(REPO_ROOT, '.lighthouse'));
const PASSWORD = 'portal-demo-1';
const CATEGORIES: Category[] = ['performance', 'accessibility', 'best-practices'];
/** Each page and who is signed in to see it (null: a visitor), a role's pages together: one sign-in each. */
const PAGES = [
  { path: '/login', as: null },
  { path: '/schedule', as: 'client' },
  { path: '/groups', as: 'client' },
  // The client's mailbox is /messages/inbox (a /mailbox is not a route: it would measure the not-found page).
  { path: '/messages/inbox', as: 'client' },
  { path: '/coach', as: 'coach' },
  { path: '/coach/clients', as: 'coach' },
  { path: '/admin', as: 'admin' },
] as const;
const ONLY = process.env.LIGHTHOUSE_TENANTS?.split(',').filter(Boolean);
/** The audits behind the timing columns (milliseconds, but layout shift), as Lighthouse computes them. */
const METRICS = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
  'script boot-up': 'bootup-time',
  'main thread': 'mainthread-work-breakdown',
} as const;

const work = await mkdtemp(path.join(os.tmpdir(), 'portal-lighthouse-'));
const mailDir = path.join(work, 'mail');
await rm(OUT, { recursive: true, force: true });
await mkdir(OUT, { recursive: true });

async function signIn(page: Page, origin: string, email: string): Promise<void> {
  // Whoever signed in before leaves first: a stored session would send /login on to that user's home.
  await page.goto(`${origin}/login`);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  const since = Date.now() - 1000;
  await page.getByRole('button', { name: 'Sign in' }).click();
  const otp = page.getByLabel('One-time password');
  await otp.waitFor();
  await otp.fill(await otpFromMailFolder(mailDir, email, since));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
}

/**
 * Chromium's own installability check of the tenant's /login (Lighthouse 12 no longer scores it): the web app
 * manifest found and read without errors, and a service worker controlling the page. 'yes' or the errors.
 */
async function installability(page: Page, origin: string): Promise<string> {
  await page.goto(`${origin}/login`);
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  await page.evaluate(() => navigator.serviceWorker.ready);
  const cdp = await context.newCDPSession(page);
  const manifest = await cdp.send('Page.getAppManifest');
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  await cdp.detach();
  const problems = [
    ...(manifest.url ? [] : ['no manifest']),
    ...manifest.errors.map((e) => e.message),
    ...installabilityErrors.map((e) => e.errorId),
  ];
  return problems.length === 0 ? 'yes' : `no: ${problems.join(', ')}`;
}

interface Row {
  tenant: string;
  page: string;
  median: Scores;
  all: Scores[];
  /** Each run's figures, by its report name. */
  metrics: Map<string, Record<string, number>>;
}

const debuggingPort = await freePort();
console.log('Building and starting every tenant (portal build, publish, serve) and the API...');
const stack = await startLocalStack({
  tenants: ONLY ?? 'all',
  distDir: path.join(work, 'dist'),
  storage: path.join(work, 'storage'),
  pgliteDir: path.join(work, 'pg'),
  mailDir,
  files: path.join(work, 'files'),
  apiPort: 0,
  servePort: 0,
  // A port per tenant, as the figures in the README were measured.
  addressing: 'ports',
});
const context = await chromium.launchPersistentContext(path.join(work, 'profile'), {
  executablePath: CHROMIUM_PATH,
  headless: true,
  viewport: null,
  args: [...CHROMIUM_ARGS, `--remote-debugging-port=${debuggingPort}`],
});

const rows: Row[] = [];
const installable = new Map<string, string>();
const load = os.loadavg();
try {
  for (const { slug, url } of stack.urls) {
    const origin = url.replace(/\/$/, '');
    const checkPage = await context.newPage();
    installable.set(slug, await installability(checkPage, origin));
    await checkPage.close();
    let signedInAs: string | null = null;
    for (const { path: pagePath, as } of PAGES) {
      if (as && as !== signedInAs) {
        signedInAs = as;
        const page = await context.newPage();
        await signIn(page, origin, `${as}@${slug}.test`);
        await page.close();
      }
      const all: Scores[] = [];
      const metrics = new Map<string, Record<string, number>>();
      for (let run = 1; run <= RUNS; run++) {
        const result = await lighthouse(`${origin}${pagePath}`, {
          port: debuggingPort,
          output: ['json', 'html'],
          onlyCategories: CATEGORIES,
          logLevel: 'error',
        });
        if (!result) throw new Error(`Lighthouse gave no result for ${slug} ${pagePath}.`);
        const { lhr, report } = result;
        if (lhr.runtimeError) throw new Error(`${slug} ${pagePath}: ${lhr.runtimeError.message}`);
        // A signed-out /schedule lands on the login page: that would measure the wrong page.
        if (new URL(lhr.finalDisplayedUrl).pathname !== pagePath)
          throw new Error(`${slug} ${pagePath} ended on ${lhr.finalDisplayedUrl}.`);
        const name = reportName(slug, pagePath, run);
        const [json, html] = report as string[];
        await writeFile(path.join(OUT, `${name}.json`), json!);
        await writeFile(path.join(OUT, `${name}.html`), html!);
        all.push({
          categories: Object.fromEntries(
            CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
          ) as Scores['categories'],
          failing: Object.fromEntries(
            CATEGORIES.map((id) => [
              id,
              (lhr.categories[id]?.auditRefs ?? [])
                .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 0.9)
                .map((ref) => `${lhr.audits[ref.id]!.title} (${ref.id})`),
            ]),
          ) as Scores['failing'],
          report: name,
        });
        metrics.set(
          name,
          Object.fromEntries(
            Object.entries(METRICS).map(([label, id]) => [label, lhr.audits[id]?.numericValue ?? NaN]),
          ),
        );
        console.log(
          `  ${slug} ${pagePath} run ${run}: ${CATEGORIES.map((id) => `${id} ${all.at(-1)!.categories[id]}`).join(', ')}`,
        );
      }
      rows.push({ tenant: slug, page: pagePath, median: medianRun(all), all, metrics });
    }
  }
} finally {
  await context.close();
  await stack.stop();
  await rm(work, { recursive: true, force: true });
}

const targets = `${CATEGORIES.map((id) => `${id} >= ${TARGETS[id]}`).join(', ')} (/login: performance >= ${targetsFor('/login').performance})`;
console.log(`\nLighthouse ${RUNS > 1 ? `median of ${RUNS} runs` : '1 run'} (mobile, simulated throttling).`);
const loadText = (values: number[]) => values.map((n) => n.toFixed(2)).join(' ');
// Other work on the machine slows the page's scripts, which the simulation then slows 4x again: say how busy it was.
console.log(
  `Targets: ${targets}. Load average (1, 5, 15 min) at start ${loadText(load)}, at end ${loadText(os.loadavg())}, ${os.cpus().length} cores.\n`,
);
const labels = Object.keys(METRICS);
console.log(
  `| tenant | page | performance | accessibility | best practices | runs (perf) | ${labels.join(' | ')} |`,
);
console.log(`| --- | --- | --- | --- | --- | --- |${' --- |'.repeat(labels.length)}`);
for (const row of rows) {
  const { categories } = row.median;
  const perf = row.all.map((run) => run.categories.performance).join(' ');
  // The median run's own figures (the run whose performance is the median), so that they add up as one load.
  const figures = row.metrics.get(row.median.report)!;
  const shown = labels.map((label) =>
    label === 'CLS' ? figures[label]!.toFixed(3) : `${Math.round(figures[label]!)} ms`,
  );
  console.log(
    `| ${row.tenant} | ${row.page} | ${categories.performance} | ${categories.accessibility} | ${categories['best-practices']} | ${perf} | ${shown.join(' | ')} |`,
  );
}
let missed = 0;
console.log('\nInstallable in Chromium (manifest read, service worker in control, no installability error):');
for (const [slug, answer] of installable) {
  if (answer !== 'yes') missed++;
  console.log(`  ${slug}: ${answer}`);
}
for (const row of rows) {
  const pageTargets = targetsFor(row.page);
  for (const { category, score, audits } of shortfalls(row.median, pageTargets)) {
    missed++;
    console.log(
      `\n${row.tenant} ${row.page}: ${category} ${score} < ${pageTargets[category]} (${row.median.report})`,
    );
    for (const audit of audits) console.log(`  - ${audit}`);
  }
}
console.log(`\nReports (JSON and HTML of every run): ${path.relative(process.cwd(), OUT) || OUT}/`);
console.log(missed === 0 ? 'All targets met.' : `${missed} target(s) missed.`);
process.exit(missed === 0 ? 0 : 1);
