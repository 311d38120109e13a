/**
 * The local stack of scripts/lib/local-stack.ts in a temporary folder, with free ports, for browser tests.
 * Everything is stopped and removed by stop().
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT, startLocalStack } from '../../scripts/lib/local-stack.js';

export { REPO_ROOT };

export interface Stack {
  /** Each tenant's portal origin, without a trailing slash: { demo: 'http://127.0.0.1:41234' }. */
  urls: Record<string, string>;
  apiUrl: string;
  /** Where the API writes each mail as an .eml file (OTP codes, reset links). */
  mailDir: string;
  storage: string;
  work: string;
  /** Stops only the API (to test the app without it); startApi() brings it back with the same data. */
  stopApi(): Promise<void>;
  startApi(): Promise<void>;
  stop(): Promise<void>;
}

export async function startStack(options: {
  tenants: string[];
  env?: Record<string, string>;
  /** A migrated PGlite folder to start from (e2e/support/db-template.ts); without it the API migrates. */
  pgliteTemplate?: string | undefined;
  /**
   * A storage folder holding every tenant's published site (e2e/support/published-sites.ts), copied as this
   * stack's own (a test may change its copy); without it the stack builds and publishes its tenants.
   */
  publishedSites?: string | undefined;
  /** A tenants folder other than the repository's (a tenant made by `portal init`): built and seeded from it. */
  tenantsDir?: string | undefined;
}): Promise<Stack> {
  const work = await mkdtemp(path.join(os.tmpdir(), 'portal-e2e-'));
  const storage = path.join(work, 'storage');
  const mailDir = path.join(work, 'mail');
  try {
    if (options.pgliteTemplate) await cp(options.pgliteTemplate, path.join(work, 'pg'), { recursive: true });
    if (options.publishedSites) await cp(options.publishedSites, storage, { recursive: true });
    const stack = await startLocalStack({
      tenants: options.tenants,
      distDir: path.join(work, 'dist'),
      storage,
      pgliteDir: path.join(work, 'pg'),
      mailDir,
      files: path.join(work, 'files'),
      apiPort: 0,
      servePort: 0,
      // A port per tenant: the tests also call the portals from Node, whose fetch does not resolve *.localhost.
      addressing: 'ports',
      published: options.publishedSites !== undefined,
      tenantsDir: options.tenantsDir,
      env: { NODE_ENV: 'test', ...options.env },
    });
    return {
      urls: Object.fromEntries(stack.urls.map(({ slug, url }) => [slug, url.replace(/\/$/, '')])),
      apiUrl: stack.apiUrl,
      mailDir,
      storage,
      work,
      stopApi: stack.stopApi,
      startApi: stack.startApi,
      async stop() {
        await stack.stop();
        await rm(work, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(work, { recursive: true, force: true });
    throw error;
  }
}
