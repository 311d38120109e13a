/**
 * The real API as its own process on 127.0.0.1, for `npm start`, `npm run dev` and the browser tests: at the
 * first start the process seeds the PGlite folder and then serves it (seeded-api.ts), a restart only serves; it
 * is ready when /ready answers (database reachable, migrations current).
 */
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa, type ResultPromise } from 'execa';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// `node --import tsx` rather than the tsx wrapper: signals then reach the server itself, so when the process has
// exited its port and PGlite folder are really free (a restart right after a stop cannot race the old server).
const runTs = (file: string) => ['--import', 'tsx', path.join(REPO_ROOT, file)];

export interface ApiProcessOptions {
  pgliteDir: string;
  mailDir: string;
  /** Uploaded files (MAIL_STORAGE): a folder or s3://. */
  storage: string;
  /** The tenants to serve and seed (default tenants/ of the repository). */
  tenantsDir?: string;
  /** 0 picks a free port. */
  port: number;
  env?: Record<string, string>;
  verbose?: boolean;
}

export interface ApiProcess {
  url: string;
  /** Stops the server (graceful SIGTERM) and waits for the process to end. */
  stop(): Promise<void>;
  /** Starts it again on the same port and data. */
  start(): Promise<void>;
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

/** Whether nothing listens on port at 127.0.0.1 yet (where the API and the previews listen). */
export async function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
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
      if ((await fetch(`${url}/ready`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`The API did not answer ${url}/ready within ${timeoutMs / 1000} s.`);
}

export async function startApiProcess(options: ApiProcessOptions): Promise<ApiProcess> {
  const verbose = options.verbose ?? false;
  const port = options.port || (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    PGLITE_DIR: options.pgliteDir,
    MAIL_DIR: options.mailDir,
    MAIL_STORAGE: options.storage,
    TENANTS_DIR: options.tenantsDir ?? path.join(REPO_ROOT, 'tenants'),
    // Request logs would drown the start banner; LOG_LEVEL=info brings them back.
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    // Its output is a pipe, but a person reads it (npm start, npm run dev): one plain line per entry, not
    // JSON (api/src/log-format.ts); LOG_FORMAT=json keeps JSON.
    LOG_FORMAT: process.env.LOG_FORMAT ?? 'pretty',
    ...options.env,
  };
  // The first start seeds (printing nothing: the callers list the demo logins in their banner, once).
  let seeded = false;
  let child: ResultPromise | null = null;
  const start = async () => {
    const started = execa('node', runTs(seeded ? 'api/src/server.ts' : 'scripts/lib/seeded-api.ts'), {
      cwd: REPO_ROOT,
      env,
      reject: false,
      stdout: verbose ? 'inherit' : 'ignore',
      stderr: 'inherit',
    });
    child = started;
    // A process that exits is reported at once; one that is alive but not ready yet gets three minutes, which a
    // machine busy with other work (the browser test files run side by side) can need for a first start.
    await waitForHealth(url, started, 180_000);
    seeded = true;
  };
  const stop = async () => {
    const running = child;
    child = null;
    if (!running) return;
    running.kill('SIGTERM');
    await running;
  };
  await start();
  return { url, start, stop };
}
