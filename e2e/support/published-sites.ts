// Vitest global setup of the e2e project: every tenant built and published once by the real CLI, as a stack
// would (scripts/lib/local-stack.ts), into a storage folder each file's stack copies and serves
// (e2e/support/stack.ts), instead of the same build and publish in every file. It also fills the compile cache
// (.portal/cache/app) before any file starts: files run side by side, and two compiling the same app at once
// could replace the cache folder while the other bakes from it. The CLI runs in its own process, as in the
// stacks: a compile sets NODE_ENV=production, which must not reach the test workers this process starts.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import type { TestProject } from 'vitest/node';
import { REPO_ROOT } from '../../scripts/lib/api-process.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A storage folder holding every tenant's published site, as `portal publish --all` leaves it. */
    publishedSites: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const work = await mkdtemp(path.join(tmpdir(), 'portal-e2e-sites-'));
  const portal = (...args: string[]) =>
    execa(
      'node',
      [path.join(REPO_ROOT, 'bin/portal.js'), ...args, '--tenants-dir', path.join(REPO_ROOT, 'tenants')],
      { cwd: REPO_ROOT, env: { NO_COLOR: '1' } },
    );
  try {
    await portal('build', '--all', '--out', path.join(work, 'dist'));
    await portal('publish', '--all', '--out', path.join(work, 'dist'), '--to', path.join(work, 'storage'));
  } catch (error) {
    await rm(work, { recursive: true, force: true });
    throw error;
  }
  project.provide('publishedSites', path.join(work, 'storage'));
  return () => rm(work, { recursive: true, force: true });
}
