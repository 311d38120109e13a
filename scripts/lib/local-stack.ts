/**
 * The whole product on 127.0.0.1, as `npm start` runs it and as the browser tests use it: the tenants built and
 * published to a storage folder, the real API as its own process (PGlite, migrated and seeded), and each tenant
 * served at the root of its own origin (http://<slug>.localhost:<port>) with the API proxied.
 */
import path from 'node:path';
import { execa } from 'execa';
import { startServe, type Addressing, type ServeHandle } from '../../cli/src/lib/serve/start-serve.js';
import { REPO_ROOT, startApiProcess } from './api-process.js';
import { shownPath } from './local-data.js';

export { REPO_ROOT };

const PORTAL = path.join(REPO_ROOT, 'bin/portal.js');

export interface LocalStackOptions {
  /** Tenant slugs, or every tenant. */
  tenants: string[] | 'all';
  distDir: string;
  storage: string;
  pgliteDir: string;
  mailDir: string;
  /** The API's uploaded files (MAIL_STORAGE). */
  files: string;
  /** The tenants (default tenants/ of the repository): built, published, served and seeded alike. */
  tenantsDir?: string;
  /** 0 picks a free port. */
  apiPort: number;
  /** The portals' port (with addressing 'ports', the first one); 0 picks a free one. */
  servePort: number;
  /** How the tenants are told apart (start-serve.ts): a host name each on one port (default), or a port each. */
  addressing?: Addressing;
  /** Extra environment for the API process. */
  env?: Record<string, string>;
  /** Build and publish output, for `npm start`; the tests keep it quiet. */
  verbose?: boolean;
  /**
   * `storage` already holds the published site of each tenant listed (the browser tests publish every tenant
   * once per run, e2e/support/published-sites.ts): serve those as they are rather than build and publish again.
   * Only with a list of tenants: `all` is what the tenants folder holds now, so it is always built.
   */
  published?: boolean;
}

export interface LocalStack {
  urls: { slug: string; url: string }[];
  apiUrl: string;
  storageUrl: string;
  stopApi(): Promise<void>;
  startApi(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The CLI's closing hint (`Next: portal publish ...` after a build): the stack takes that step itself, so a
 * person reading npm start's output is not told to do what is already done.
 */
function* withoutNextStep(line: unknown) {
  if (!String(line).startsWith('Next: ')) yield line;
}

/** Runs the CLI; returns what it printed on stdout (the --json result), its progress going to ours when verbose. */
async function portal(args: string[], verbose: boolean, tenantsDir: string): Promise<string> {
  const result = await execa('node', [PORTAL, ...args, '--tenants-dir', tenantsDir], {
    cwd: REPO_ROOT,
    reject: false,
    env: verbose ? {} : { NO_COLOR: '1' },
    stdout: 'pipe',
    stderr: verbose ? [withoutNextStep, 'inherit'] : 'pipe',
  });
  // Exit 5 means some tenants failed while others succeeded: run with what was built.
  if (result.exitCode !== 0 && result.exitCode !== 5) {
    throw new Error(
      `portal ${args.join(' ')} failed (exit ${result.exitCode})${verbose ? '' : `:\n${result.stderr}`}`,
    );
  }
  return result.stdout;
}

/** Builds and publishes the tenants into options.storage; returns the slugs to serve. */
async function publishSites(
  options: LocalStackOptions,
  verbose: boolean,
  tenantsDir: string,
): Promise<string[]> {
  const which = options.tenants === 'all' ? ['--all'] : options.tenants.flatMap((slug) => ['--tenant', slug]);
  // Relative to the repository (where the CLI runs) when inside it: the build's closing hint then reads
  // `portal publish --all`, not a command with a long absolute path.
  const out = shownPath(options.distDir, REPO_ROOT);
  await portal(['build', ...which, '--out', out], verbose, tenantsDir);
  const published = JSON.parse(
    await portal(['publish', ...which, '--out', out, '--to', options.storage, '--json'], verbose, tenantsDir),
  ) as { slug: string; status: string }[];
  // Exactly the tenants this run published: the storage folder may still hold the site of a tenant that was
  // removed since, or that is invalid now, and that must not be served as if it were current.
  return published.filter((t) => t.status !== 'invalid' && t.status !== 'failed').map((t) => t.slug);
}

export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const verbose = options.verbose ?? false;
  const tenantsDir = options.tenantsDir ?? path.join(REPO_ROOT, 'tenants');
  const served =
    options.published && options.tenants !== 'all'
      ? options.tenants
      : await publishSites(options, verbose, tenantsDir);

  const api = await startApiProcess({
    pgliteDir: options.pgliteDir,
    mailDir: options.mailDir,
    storage: options.files,
    tenantsDir,
    port: options.apiPort,
    env: options.env,
    verbose,
  });

  let serve: ServeHandle;
  try {
    serve = await startServe({
      storage: options.storage,
      tenants: served,
      port: options.servePort,
      api: api.url,
      addressing: options.addressing,
    });
  } catch (error) {
    await api.stop();
    throw error;
  }
  return {
    urls: serve.urls,
    apiUrl: api.url,
    storageUrl: serve.storageUrl,
    stopApi: api.stop,
    startApi: api.start,
    async stop() {
      await serve.close();
      await api.stop();
    },
  };
}
