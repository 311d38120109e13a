import { mkdtemp, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { usageError } from '../errors.js';

/**
 * Checks `--out` before anything is created: the nearest folder that already exists on its path must be a folder
 * this process can write to. Node's recursive mkdir never returns under a folder that refuses new entries without
 * saying why (/proc answers ENOENT for ever), and a file where the folder should be is the user's slip, not a bug.
 * Permission bits cannot answer this (root passes every access() check, even on /proc), so a real entry is made
 * and removed at once.
 */
export async function checkOutDir(outDir: string, shown: (dir: string) => string): Promise<void> {
  let existing = outDir;
  for (;;) {
    const info = await stat(existing).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return null;
      throw usageError(`--out ${shown(outDir)} cannot be read (${error.code ?? error.message}).`);
    });
    if (info?.isDirectory()) break;
    if (info) throw usageError(`--out must be a folder, and ${shown(existing)} is a file.`);
    existing = path.dirname(existing);
  }
  try {
    await rmdir(await mkdtemp(path.join(existing, '.portal-write-check-')));
  } catch (error) {
    throw usageError(
      `${shown(existing)} is not a folder portal build can write to (${(error as NodeJS.ErrnoException).code ?? 'refused'}).`,
      'Choose another --out.',
    );
  }
}
