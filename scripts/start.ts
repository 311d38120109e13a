/**
 * npm start: the whole product on this machine from a fresh clone. Builds every tenant, publishes them to
 * .portal/storage, starts the API on PGlite (.data/pg, migrated and seeded with demo logins for every tenant)
 * and serves each tenant's portal at http://<slug>.localhost:<SERVE_PORT> with the API proxied: one port, so
 * adding a tenant moves no other tenant's address. Ctrl-C stops everything.
 */
import path from 'node:path';
import { isPortFree } from './lib/api-process.js';
import { localData, localOpsToken, localVapidKeys, shownPath } from './lib/local-data.js';
import { REPO_ROOT, startLocalStack } from './lib/local-stack.js';

const apiPort = Number(process.env.PORT ?? 8080);
const servePort = Number(process.env.SERVE_PORT ?? 4173);
const data = localData();
// The CLI's own variable: npm start builds, serves and seeds the same tenants the CLI sees.
const tenantsDir = path.resolve(process.env.PORTAL_TENANTS_DIR || path.join(REPO_ROOT, 'tenants'));

const fail = (message: string): never => {
  console.error(`\nnpm start failed: ${message}`);
  process.exit(1);
};

/**
 * A busy port fails at once, naming the variable that moves it, rather than after the build with a message about
 * a server that did not start.
 */
async function checkPorts(): Promise<void> {
  const ports = [
    { variable: 'PORT', port: apiPort, what: 'the API listens' },
    { variable: 'SERVE_PORT', port: servePort, what: 'the portals listen' },
  ];
  for (const { variable, port, what } of ports) {
    if (port === 0 || (await isPortFree(port))) continue;
    fail(
      `port ${port} is in use (${what} on ${variable}=${port}); pick another with ${variable}, such as ${variable}=${port + 1} npm start`,
    );
  }
}

await checkPorts();
const stack = await startLocalStack({
  tenants: 'all',
  distDir: path.join(REPO_ROOT, 'dist'),
  storage: path.join(REPO_ROOT, '.portal/storage'),
  pgliteDir: data.pgliteDir,
  mailDir: data.mailDir,
  files: data.storage,
  tenantsDir,
  apiPort,
  servePort,
  env: {
    // `portal admin invite` reads the same token from the data folder: a new tenant's first admin, locally.
    OPS_TOKEN: await localOpsToken(data.root),
    // Web Push from the installed demo apps: a key pair made once and kept in the data folder.
    ...(await localVapidKeys(data.root)),
    // The mails' links (sign-in, reset, invitation) and logo open the local portals, not production domains.
    ...(servePort > 0 && { MAIL_LINK_ORIGIN: `http://{slug}.localhost:${servePort}` }),
  },
  verbose: true,
}).catch((error: Error) => fail(error.message));

const width = Math.max(...stack.urls.map((u) => u.slug.length));
console.log('\nThe coaching portal is running:\n');
for (const { slug, url } of stack.urls) console.log(`  ${slug.padEnd(width)}  ${url}/`);
console.log(`\n  API      ${stack.apiUrl}   theme storage ${stack.storageUrl}/`);
console.log('\nDemo logins (password portal-demo-1 for each):');
const logins = stack.urls.map(({ slug }) => [`client@${slug}.test`, `basic@${slug}.test`] as const);
const loginWidth = (column: 0 | 1) => Math.max(...logins.map((login) => login[column].length));
for (const [client, basic] of logins)
  console.log(
    `  ${client.padEnd(loginWidth(0))}  (all features)    ${basic.padEnd(loginWidth(1))}  (no training flags)`,
  );
console.log(
  "  coach@<slug>.test, coach2@<slug>.test  (each tenant's two coaches: their workspace is /coach)",
);
console.log("  admin@<slug>.test  (each tenant's admin: people, imports, API keys and webhooks at /admin)");
console.log(
  `\nMail (one-time passwords, invitation and reset links) lands as .eml files in ${shownPath(data.mailDir)}/;`,
);
console.log('its links open the local addresses above.');
console.log(
  `Local data (database, mail, uploaded files) is in ${shownPath(data.root)}/; a tenant added to ${shownPath(tenantsDir)}/ appears after a restart.`,
);
console.log('Press Ctrl-C to stop.\n');

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping...');
    void stack.stop().then(() => process.exit(0));
  });
}
