import { defineConfig } from 'vitest/config';

// The api tests Stryker runs against each mutant of the security services (stryker.config.mjs): the files that
// exercise sign-in, codes, sessions, limits, API keys, webhooks, the guarded client, lesson files and the
// scope rules. A separate config, not a project of vitest.config.ts, so `npm test` never sees it; Stryker's
// vitest runner forces one worker per Stryker process itself.
export default defineConfig({
  test: {
    name: 'api',
    include: [
      'api/test/{login,otp,sessions,password-reset,captcha,fbslogin,signed-in-user}.test.ts',
      'api/test/{limits,rate-limit-store,security,integration-api,integration-rules}.test.ts',
      'api/test/{webhook-claims,webhook-delivery,webhook-events,webhook-signature,webhooks-admin}.test.ts',
      'api/test/{guarded-client,lesson-files,ownership-scope,coach-roles,client-notes}.test.ts',
      'api/test/{session-service,limits-edges}.test.ts',
    ],
    environment: 'node',
    // One module graph for the whole run, kept between mutants: a mutant is switched on at run time, so a file
    // need not load Fastify, Kysely and PGlite again for each one (that load was most of a mutant's seconds).
    // passwords.test.ts is left out: its module mock needs a graph of its own.
    isolate: false,
    globalSetup: ['api/test/helpers/db-template.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
