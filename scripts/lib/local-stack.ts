/**
 * The whole product on 127.0.0.1, as `npm start` runs it and as the browser tests use it: the tenants built and
 * published to a storage folder, the real API as its own process (PGlite, migrated and seeded), and each tenant
 * served at the root of its own origin with the API proxied.
 */
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa, type ResultPromise } from 'execa';
import { startServe, type ServeHandle } from '../../cli/src/lib/serve/start-serve.js';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PORTAL = path.join(REPO_ROOT, 'bin/portal.js');
const TSX = path.join(REPO_ROOT, 'node_modules/.bin/tsx');

export interface LocalStackOptions {
  /** Tenant slugs, or every tenant. */
  tenants: string[] | 'all';
  distDir: string;
  storage: string;
  pgliteDir: string;
  mailDir: string;
  /** 0 picks a free port. */
  apiPort: number;
  /** First tenant port; 0 picks free ports. */
  servePort: number;
  /** Extra environment for the API process. */
  env?: Record<string, string>;
  /** Build and publish output, for `npm start`; the tests keep it quiet. */
  verbose?: boolean;
}

export interface LocalStack {
  urls: { slug: string; url: string }[];
  apiUrl: string;
  storageUrl: string;
  stopApi(): Promise<void>;
  startApi(): Promise<void>;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function portal(args: string[], verbose: boolean): Promise<number> {
  const result = await execa('node', [PORTAL, ...args], {
    cwd: REPO_ROOT,
    reject: false,
    env: verbose ? {} : { NO_COLOR: '1' },
    stdout: verbose ? 'inherit' : 'pipe',
    stderr: verbose ? 'inherit' : 'pipe',
  });
  // Exit 5 means some tenants failed while others succeeded: run with what was built.
  if (result.exitCode !== 0 && result.exitCode !== 5) {
    throw new Error(
      `portal ${args.join(' ')} failed (exit ${result.exitCode})${verbose ? '' : `:\n${result.stderr}`}`,
    );
  }
  return result.exitCode ?? 0;
}

async function waitForHealth(url: string, child: ResultPromise, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void child.then(
    () => (exited = true),
    () => (exited = true),
  );
  while (Date.now() < deadline) {
    if (exited) throw new Error('The API process exited while starting (see its log above).');
    try {
      if ((await fetch(`${url}/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`The API did not answer ${url}/health within ${timeoutMs / 1000} s.`);
}

export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const verbose = options.verbose ?? false;
  const which = options.tenants === 'all' ? ['--all'] : options.tenants.flatMap((slug) => ['--tenant', slug]);
  await portal(['build', ...which, '--out', options.distDir], verbose);
  await portal(['publish', ...which, '--out', options.distDir, '--to', options.storage], verbose);

  const apiPort = options.apiPort || (await freePort());
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const env = {
    PORT: String(apiPort),
    HOST: '127.0.0.1',
    PGLITE_DIR: options.pgliteDir,
    MAIL_DIR: options.mailDir,
    TENANTS_DIR: path.join(REPO_ROOT, 'tenants'),
    // Request logs would drown the start banner; LOG_LEVEL=info brings them back.
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    ...options.env,
  };
  // Seeding opens the PGlite folder, so it runs (and exits) before the server opens it.
  await execa(TSX, [path.join(REPO_ROOT, 'api/src/db/seed-cli.ts')], {
    cwd: REPO_ROOT,
    env,
    stdout: verbose ? 'inherit' : 'pipe',
    stderr: verbose ? 'inherit' : 'pipe',
  });

  let api: ResultPromise | null = null;
  const startApi = async () => {
    const child = execa(TSX, [path.join(REPO_ROOT, 'api/src/server.ts')], {
      cwd: REPO_ROOT,
      env,
      reject: false,
      stdout: verbose ? 'inherit' : 'ignore',
      stderr: 'inherit',
    });
    api = child;
    await waitForHealth(apiUrl, child, 60_000);
  };
  const stopApi = async () => {
    const child = api;
    api = null;
    if (!child) return;
    child.kill('SIGTERM');
    await child;
  };
  await startApi();

  let serve: ServeHandle;
  try {
    serve = await startServe({
      storage: options.storage,
      tenants: options.tenants === 'all' ? undefined : options.tenants,
      port: options.servePort,
      api: apiUrl,
    });
  } catch (error) {
    await stopApi();
    throw error;
  }
  return {
    urls: serve.urls,
    apiUrl,
    storageUrl: serve.storageUrl,
    stopApi,
    startApi,
    async stop() {
      await serve.close();
      await stopApi();
    },
  };
}
