import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runPortal } from './lib/bench-tenants.js';

/** What `npm run bench` reads of each CLI process it starts: the wall time, and the peak memory of that process. */
let work: string | undefined;
afterEach(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

describe('runPortal', () => {
  it("reports the CLI process's own peak memory and leaves no file behind", async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-test-'));
    const small = await runPortal(work, ['--version'], {});
    expect(small.stdout).toMatch(/^\d+\.\d+\.\d+$/);
    // A Node process with the CLI loaded holds tens of MB; an empty or garbled report would not be a number.
    expect(small.maxRssMb).toBeGreaterThan(20);
    expect(small.maxRssMb).toBeLessThan(4096);
    expect(await readdir(work)).toEqual([]);
  });
});
