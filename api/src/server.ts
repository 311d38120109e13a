// `npm run api`: configuration from the environment, migrations, then listen. SIGTERM/SIGINT close the server
// gracefully: no new connections, in-flight requests finish, then the database is released.
import { buildApp } from './app.js';
import { readConfig } from './config.js';
import { connect } from './db/connect.js';
import { logFormat, prettyStream } from './log-format.js';
import { warnIdleLost } from './db/create-db.js';
import { createStorage } from './services/storage/storage.js';

const config = readConfig();
// A dropped idle connection (a database restart) is a warning in the server's own log, like its other lines,
// rather than bare text on stderr (which it stays until the log exists).
let onIdleError = warnIdleLost;
const db = await connect(config, true, (error) => onIdleError(error));
const app = await buildApp({
  db,
  tenantsDir: config.tenantsDir,
  mail: {
    smtpUrl: config.smtpUrl,
    mailDir: config.mailDir,
    linkOrigin: config.mailLinkOrigin,
    unsubscribeSecret: config.unsubscribeSecret,
  },
  storage: createStorage(config.mailStorage),
  captcha: { secret: config.captchaSecret, verifyUrl: config.captchaVerifyUrl },
  stripe: config.stripe,
  production: config.production,
  jobs: {},
  opsToken: config.opsToken,
  vapid: config.vapid,
  trustProxy: config.trustProxy,
  pressure: config.pressure,
  logger:
    logFormat(process.env, process.stdout.isTTY) === 'pretty'
      ? { level: config.logLevel, stream: prettyStream(process.stdout) }
      : { level: config.logLevel },
});

const log = app.log;
onIdleError = (error) => log.warn({ err: error }, 'database: idle connection lost');
// `once`: a second signal falls back to Node's default and ends the process at once.
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    log.info({ signal }, 'shutting down');
    // In-flight requests have requestTimeout to finish; a shutdown stuck past that is ended by force.
    setTimeout(() => {
      log.error('shutdown did not finish in time: exiting');
      process.exit(1);
    }, 35_000).unref();
    app
      .close()
      .then(() => db.destroy())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  });
}

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  // The database, pool or timers would keep the process alive with nothing listening: say why and stop, so
  // whoever started it (a supervisor, `npm start`) sees the failure at once.
  const busy = error instanceof Error && 'code' in error && error.code === 'EADDRINUSE';
  process.stderr.write(
    busy
      ? `portal API: port ${config.port} on ${config.host} is in use; set PORT to a free port.\n`
      : `portal API: cannot listen on ${config.host}:${config.port} (PORT, HOST): ${String(error)}\n`,
  );
  await app.close();
  await db.destroy();
  process.exit(1);
}
log.info(
  {
    database: config.databaseUrl ? 'postgresql' : config.pgliteDir,
    mail: config.smtpUrl ? 'smtp' : config.mailDir,
  },
  'portal API ready',
);
