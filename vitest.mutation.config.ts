import { defineConfig } from 'vitest/config';

// The api tests Stryker runs against each mutant of the security services (stryker.config.mjs): the files that
// exercise sign-in, codes, sessions, limits, API keys, webhooks, the guarded client, lesson files and the
// scope rules. A separate config, not a project of vitest.config.ts, so `npm test` never sees it; Stryker's
// vitest runner forces one worker per Stryker process itself.
const node = { environment: 'node', testTimeout: 60_000, hookTimeout: 120_000 } as const;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...node,
          name: 'api',
          include: [
            'api/test/{login,otp,sessions,password-reset,captcha,fbslogin,signed-in-user}.test.ts',
            'api/test/{limits,rate-limit-store,security,integration-api,integration-rules}.test.ts',
            'api/test/{webhook-claims,webhook-delivery,webhook-events,webhook-signature,webhooks-admin}.test.ts',
            'api/test/{guarded-client,lesson-files,ownership-scope,coach-roles,client-notes}.test.ts',
            'api/test/{session-service,limits-edges,webhook-retry,secrets}.test.ts',
            // Invitations sent through the API (one-time-token-repository.ts's insertInvitation).
            'api/test/admin-people.test.ts',
            // A key stops with its maker's standing (api-key-service.ts's status) and the list by maker.
            'api/test/last-admin.test.ts',
          ],
          // One module graph for the whole run, kept between mutants: a mutant is switched on at run time, so
          // a file need not load Fastify, Kysely and PGlite again for each one.
          isolate: false,
          globalSetup: ['api/test/helpers/db-template.ts'],
        },
      },
      // Its module mock of argon2 needs a module graph of its own.
      { test: { ...node, name: 'api-isolated', include: ['api/test/passwords.test.ts'] } },
    ],
  },
});
