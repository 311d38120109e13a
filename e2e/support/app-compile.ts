// Vitest global setup of the e2e project: compiles the app once, before any browser test file runs, into the
// compile cache every stack's `portal build` reads (.portal/cache/app). Without it the first files to start
// would each compile the same app at once (files run side by side), and one could replace the cache folder
// while another bakes from it. A real `portal build` in its own process, as the stacks run it: the compile
// sets NODE_ENV=production, which must not reach the test workers this process starts.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { REPO_ROOT } from '../../scripts/lib/api-process.js';

export default async function setup(): Promise<void> {
  const work = await mkdtemp(path.join(tmpdir(), 'portal-e2e-compile-'));
  try {
    await execa('node', [path.join(REPO_ROOT, 'bin/portal.js'), 'build', '--tenant', 'demo', '--out', work], {
      cwd: REPO_ROOT,
      env: { NO_COLOR: '1' },
    });
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
