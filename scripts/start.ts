/**
 * npm start: the whole product on this machine from a fresh clone. Builds every tenant, publishes them to
 * .portal/storage, starts the API on PGlite (.data/pg, migrated and seeded with demo logins) and serves each
 * tenant's portal on its own port with the API proxied. Ctrl-C stops everything.
 */
import path from 'node:path';
import { REPO_ROOT, startLocalStack } from './lib/local-stack.js';

const apiPort = Number(process.env.PORT ?? 8080);
const servePort = Number(process.env.SERVE_PORT ?? 4173);
const mailDir = path.resolve(process.env.MAIL_DIR ?? path.join(REPO_ROOT, '.data/mail'));

const stack = await startLocalStack({
  tenants: 'all',
  distDir: path.join(REPO_ROOT, 'dist'),
  storage: path.join(REPO_ROOT, '.portal/storage'),
  pgliteDir: path.resolve(process.env.PGLITE_DIR ?? path.join(REPO_ROOT, '.data/pg')),
  mailDir,
  apiPort,
  servePort,
  verbose: true,
}).catch((error: Error) => {
  console.error(`\nnpm start failed: ${error.message}`);
  process.exit(1);
});

const width = Math.max(...stack.urls.map((u) => u.slug.length));
console.log('\nThe coaching portal is running:\n');
for (const { slug, url } of stack.urls) console.log(`  ${slug.padEnd(width)}  ${url}`);
console.log(`\n  API      ${stack.apiUrl}   theme storage ${stack.storageUrl}`);
console.log('\nDemo logins (password portal-demo-1 for each):');
for (const { slug } of stack.urls)
  console.log(`  client@${slug}.test  (all features)    basic@${slug}.test  (no training flags)`);
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
