import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Vitest's own default is one worker fewer than the machine has cores: a single worker on a 2-core CI machine,
// so every file ran after the other. Each file has its own database, folders and ports, so they can share the
// machine: two at a time on two cores (a file waits on its database, its child processes and the browser as
// often as it computes).
const WORKERS = 2;

// One runner for every room. The projects keep environments apart: node for the CLI and API, a DOM for the
// app, and the browser suites (real Chromium, real servers) with longer timeouts.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'cli',
          include: ['cli/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: WORKERS,
        },
      },
      {
        test: {
          name: 'api',
          include: ['api/**/*.test.ts'],
          environment: 'node',
          // Migrates one database for the run; each file copies it (api/test/helpers/db-template.ts).
          globalSetup: ['api/test/helpers/db-template.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: WORKERS,
        },
      },
      {
        // `@/` is app/src, as in tsconfig.json and the app's Vite configs.
        resolve: { alias: { '@': fileURLToPath(new URL('app/src', import.meta.url)) } },
        test: {
          name: 'app',
          include: ['app/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['app/src/testing/setup.ts'],
          // Vitest's 5 s is a second or two of work on an idle machine, and the files now share it: a screen
          // test slowed by its neighbours is still a passing test (the node projects allow 60 s).
          testTimeout: 30_000,
          maxWorkers: WORKERS,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          // One migrated PGlite folder and one publish of every tenant, each stack copying both into a folder of
          // its own, and one Chromium each file connects to (e2e/README.md: what files running side by side share).
          globalSetup: [
            'e2e/support/db-template.ts',
            'e2e/support/published-sites.ts',
            'e2e/support/browser-server.ts',
          ],
          // Every API these files start (stacks, npm start, npm run dev) sheds no load for a lagging event loop:
          // with files side by side a lag is a neighbour's work, and a 503 would fail a test that is not about
          // shedding (api/test/pressure.test.ts is).
          env: { MAX_EVENT_LOOP_DELAY_MS: '0' },
          testTimeout: 120_000,
          hookTimeout: 300_000,
          // expect.poll waits for a state the page reaches (an autosave's "Saved"): vitest gives up after 1 s by
          // default, which a loaded machine's browser can miss; a state that never comes still fails.
          expect: { poll: { timeout: 15_000 } },
          maxWorkers: WORKERS,
        },
      },
    ],
  },
});
