// The working folders of a bake, beside the sites in the output folder: a tenant's staging folder, the site it
// replaces while the swap happens, and the files the tenants share. Each is named with the pid of the build that
// owns it, so an interrupted build's folders are found and removed, and a running build's are left alone.
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';

// The working folders a bake creates beside the sites, each named with the pid of the build that owns it.
const WORK_FOLDER = /^\.(?:.+\.(?:tmp|old)|portal-shared)-(\d+)-[0-9a-f]{8}$/;

/** A new working folder's path under outDir (not created): `.<name>-<pid>-<random>`, which WORK_FOLDER matches. */
export const workFolder = (outDir: string, name: string): string =>
  path.join(outDir, `.${name}-${process.pid}-${randomBytes(4).toString('hex')}`);

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Removes the working folders of builds that were interrupted (Ctrl-C, a killed CI job), so they do not pile up
 * in the output folder. A folder whose build is still running is left alone.
 */
export async function sweepInterrupted(outDir: string): Promise<string[]> {
  const names = await readdir(outDir).catch(() => [] as string[]);
  const stale = names.filter((name) => {
    const pid = Number(WORK_FOLDER.exec(name)?.[1] ?? 0);
    return pid > 0 && pid !== process.pid && !alive(pid);
  });
  await Promise.all(stale.map((name) => rm(path.join(outDir, name), { recursive: true, force: true })));
  return stale;
}

// Set by a signal: no new working folder is started after it, so the sweep that follows has the last word.
let stopping = false;

// After a signal the work in progress just waits (the handler exits the process): throwing instead would send
// an error through the command's error report while the user is being told the build was interrupted.
export const holdWhenStopping = (): Promise<void> =>
  stopping ? new Promise<void>(() => {}) : Promise.resolve();

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * For a build stopped by a signal: starts no new tenant, then removes this process's own working folders until
 * none is left. Writes already handed to the file system still land after a first pass (a folder removed while
 * a write creates a file in it fails with ENOTEMPTY), so it sweeps again until a pass finds nothing, for at most
 * about a second. A site caught between its two renames (`<slug>` moved aside, the new one not yet in place) is
 * put back rather than deleted, so an interrupted build never leaves a tenant with no site.
 */
export async function stopAndRemoveOwnWorkFolders(outDir: string): Promise<void> {
  stopping = true;
  for (let pass = 0; pass < 40; pass += 1) {
    const own = readdirSync(outDir).filter((name) => Number(WORK_FOLDER.exec(name)?.[1]) === process.pid);
    if (own.length === 0) return;
    for (const name of own) {
      const slug = /^\.(.+)\.old-/.exec(name)?.[1];
      try {
        if (slug !== undefined && !existsSync(path.join(outDir, slug)))
          renameSync(path.join(outDir, name), path.join(outDir, slug));
        else rmSync(path.join(outDir, name), { recursive: true, force: true, maxRetries: 3, retryDelay: 10 });
      } catch {
        // A write still landing in it: the next pass removes it.
      }
    }
    await pause(25);
  }
}

/**
 * Puts a staged site in place of dist/<slug>/: the old site is moved aside and the new one renamed in, so a reader
 * sees one whole site or the other, and the old one is removed after. (A signal between the two renames is
 * repaired by stopAndRemoveOwnWorkFolders, which puts the old site back.)
 */
export async function swapIn(staged: string, outDir: string, slug: string): Promise<void> {
  await holdWhenStopping();
  const finalDir = path.join(outDir, slug);
  const old = workFolder(outDir, `${slug}.old`);
  let replaced = true;
  try {
    renameSync(finalDir, old);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    replaced = false;
  }
  renameSync(staged, finalDir);
  if (replaced) await rm(old, { recursive: true, force: true });
}
