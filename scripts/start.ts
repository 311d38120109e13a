/**
 * npm start: the whole product on this machine from a fresh clone. Builds every tenant, publishes them to
 * .portal/storage, starts the API on PGlite (.data/pg, migrated and seeded with demo logins) and serves each
 * tenant's portal on its own port with the API proxied. Ctrl-C stops everything.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { isPortFree } from './lib/api-process.js';
import { REPO_ROOT, startLocalStack } from './lib/local-stack.js';

const apiPort = Number(process.env.PORT ?? 8080);
const servePort = Number(process.env.SERVE_PORT ?? 4173);
const mailDir = path.resolve(process.env.MAIL_DIR ?? path.join(REPO_ROOT, '.data/mail'));

const fail = (message: string): never => {
  console.error(`\nnpm start failed: ${message}`);
  process.exit(1);
};

/**
 * A busy port fails at once, naming the variable that moves it, rather than after the build with a message about
 * a server that did not start. The previews take SERVE_PORT and the ports after it: one per tenant, one for the
 * storage folder.
 */
async function checkPorts(): Promise<void> {
  const tenants = (await readdir(path.join(REPO_ROOT, 'tenants'), { withFileTypes: true })).filter(
    (entry) => entry.isDirectory() && !entry.name.startsWith('.'),
  ).length;
  const ranges = [
    { variable: 'PORT', first: apiPort, count: 1, what: 'the API' },
    { variable: 'SERVE_PORT', first: servePort, count: tenants + 1, what: 'the tenant previews' },
  ];
  for (const { variable, first, count, what } of ranges) {
    for (let port = first; first > 0 && port < first + count; port++) {
      if (await isPortFree(port)) continue;
      const span = count > 1 ? `, ${first} to ${first + count - 1}` : '';
      fail(
        `port ${port} is in use (${what} listen on ${variable}=${first}${span}); pick another with ${variable}, such as ${variable}=${port + count} npm start`,
      );
    }
  }
}

await checkPorts();
const stack = await startLocalStack({
  tenants: 'all',
  distDir: path.join(REPO_ROOT, 'dist'),
  storage: path.join(REPO_ROOT, '.portal/storage'),
  pgliteDir: path.resolve(process.env.PGLITE_DIR ?? path.join(REPO_ROOT, '.data/pg')),
  mailDir,
  apiPort,
  servePort,
  verbose: true,
}).catch((error: Error) => fail(error.message));

const width = Math.max(...stack.urls.map((u) => u.slug.length));
console.log('\nThe coaching portal is running:\n');
for (const { slug, url } of stack.urls) console.log(`  ${slug.padEnd(width)}  ${url}`);
console.log(`\n  API      ${stack.apiUrl}   theme storage ${stack.storageUrl}`);
console.log('\nDemo logins (password portal-demo-1 for each):');
const logins = stack.urls.map(({ slug }) => [`client@${slug}.test`, `basic@${slug}.test`] as const);
const loginWidth = (column: 0 | 1) => Math.max(...logins.map((login) => login[column].length));
for (const [client, basic] of logins)
  console.log(
    `  ${client.padEnd(loginWidth(0))}  (all features)    ${basic.padEnd(loginWidth(1))}  (no training flags)`,
  );
// Relative when inside the current folder (.data/mail/), absolute otherwise: never ../../somewhere.
const mailShown = path.relative(process.cwd(), mailDir);
console.log(
  `\nOne-time passwords are mailed as .eml files to ${mailShown && !mailShown.startsWith('..') && !path.isAbsolute(mailShown) ? mailShown : mailDir}/`,
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
