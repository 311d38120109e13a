import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// One runner for every room. The projects keep environments apart: node for the CLI and API, a DOM for the
// app, and the browser suites (real Chromium, real servers) run on their own with longer timeouts.
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
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          // One migrated PGlite folder each stack copies, and one Chromium each file connects to.
          globalSetup: ['e2e/support/db-template.ts', 'e2e/support/browser-server.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
