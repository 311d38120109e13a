// Mutation testing of the security services (`npm run mutation`; README "Mutation testing"). Stryker changes
// one thing at a time in these files and reruns the api tests that reach that line; a change no test notices
// is a test missing. Only the rules that keep one person's data from another are listed, explicitly, so a new
// file joins on purpose.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  mutate: [
    // access and scope: who may see and change a row, a coach's assigned clients, role ids
    'api/src/services/access/scope.ts',
    'api/src/services/access/roles.ts',
    'api/src/services/access/assigned-client.ts',
    // sign-in and codes: passwords, the mailed code, trusted devices, sessions, reset
    'api/src/services/auth/login-service.ts',
    'api/src/services/auth/credentials.ts',
    'api/src/services/auth/passwords.ts',
    'api/src/services/auth/password-change.ts',
    'api/src/services/auth/password-reset-service.ts',
    'api/src/services/auth/otp-service.ts',
    'api/src/services/auth/otp-repository.ts',
    'api/src/services/auth/mailed-token.ts',
    'api/src/services/auth/one-time-token-repository.ts',
    'api/src/services/auth/secrets.ts',
    'api/src/services/auth/session-service.ts',
    'api/src/services/auth/session-repository.ts',
    // limits: sizes and counts, sign-in throttling, the shared rate-limit store
    'api/src/services/limits/limits.ts',
    'api/src/services/throttle/throttle-service.ts',
    'api/src/services/throttle/auth-event-repository.ts',
    'api/src/services/throttle/rate-limit-store.ts',
    // API keys of integrations
    'api/src/services/api-keys/api-key-service.ts',
    'api/src/services/api-keys/api-key-repository.ts',
    // webhooks: signing, delivery and its retries
    'api/src/services/webhooks/signature.ts',
    'api/src/services/webhooks/webhook-sender.ts',
    'api/src/services/webhooks/backoff.ts',
    // outbound: the one guarded client (addresses a tenant chooses, redirects)
    'api/src/services/outbound/guarded-client.ts',
    // lesson files: the signed download tickets and who may read a file
    'api/src/services/lesson-files/lesson-files-service.ts',
  ],
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  coverageAnalysis: 'perTest',
  // Two Stryker workers on a 2-core machine shared with other work.
  concurrency: 2,
  // The api files each start an app on a copied database: a mutant's run is seconds, not milliseconds.
  timeoutMS: 60_000,
  // A mutant in module-level code (a constant, a schema) is reached by every test of every file; rerunning them
  // all for each would multiply the run time, and those constants are covered by the behaviour tests anyway.
  ignoreStatic: true,
  incremental: true,
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  reporters: ['clear-text', 'dots', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  // The survivors and the score table; not every test of the suite.
  clearTextReporter: { allowColor: false, logTests: false, reportTests: false, reportScoreTable: true },
  thresholds: { high: 90, low: 85, break: 85 },
  ignorePatterns: [
    'dist',
    '.portal',
    '.data',
    'coverage',
    'test-results',
    '.lighthouse',
    'reports',
    'app',
    'e2e',
  ],
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
