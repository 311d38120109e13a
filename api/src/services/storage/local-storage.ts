// The default storage: files under one folder (`.data/storage`), readable by this user only.
import { chmod, copyFile, mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Storage } from './storage-port.js';

export function createLocalStorage(root: string): Storage {
  // Keys are server-made (storage.ts), so they cannot climb out of root; this guards against a future caller.
  const pathOf = (key: string) => {
    if (!/^[a-z0-9-]+\/[a-f0-9]+$/.test(key)) throw new Error(`not a storage key: ${key}`);
    return join(root, key);
  };
  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      // Written beside, then renamed: a reader never sees half a file.
      await writeFile(`${path}.part`, bytes, { mode: 0o600 });
      await rename(`${path}.part`, path);
    },
    async putFile(key, source) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      await copyFile(source, `${path}.part`);
      await chmod(`${path}.part`, 0o600);
      await rename(`${path}.part`, path);
    },
    async stream(key, range) {
      // Opened first, so a missing file is null here rather than an error in the middle of an answer.
      const handle = await open(pathOf(key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null;
        throw error;
      });
      return handle && handle.createReadStream({ start: range.start, end: range.end });
    },
    async get(key) {
      return readFile(pathOf(key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null;
        throw error;
      });
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
