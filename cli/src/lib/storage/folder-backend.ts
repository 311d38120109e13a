/**
 * The local folder target (the embedded default, `.portal/storage`). It stays servable as plain files: no
 * sidecars beside the objects. The content hash of a stored file is its own bytes' hash (local reads are cheap
 * and can never go stale), and writes go to a hidden temp file renamed into place, so a file that exists is
 * whole even when a publish is killed half-way.
 */
import { randomBytes } from 'node:crypto';
import { access, constants, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CliError, EXIT } from '../errors.js';
import type { Backend, PutRequest } from './backend.js';
import { sha256 } from '../digest.js';

const RETRYABLE_CODES = new Set(['EBUSY', 'EAGAIN', 'EMFILE', 'ENFILE']);
const ACCESS_CODES = new Set(['EACCES', 'EPERM', 'EROFS']);
const codeOf = (error: unknown) => (error as { code?: string } | null)?.code ?? '';

export function createFolderBackend(root: string, label: string): Backend {
  const failure = (error: unknown) =>
    new CliError(`Cannot write to the storage folder ${root} (${codeOf(error) || String(error)}).`, {
      exitCode: EXIT.storage,
      hint: 'Pick a writable folder with --to, or fix its permissions.',
      cause: error,
    });
  const fileOf = (key: string): string => {
    const file = path.resolve(root, ...key.split('/'));
    // Keys are built from validated parts; this is the last line of defence against leaving the folder.
    if (!file.startsWith(root + path.sep)) throw new CliError(`Refusing to write outside ${root}: ${key}`);
    return file;
  };
  return {
    label,
    async preflight({ write }) {
      // A dry run reads what exists; a folder that is not there yet simply holds nothing.
      if (!write) return;
      try {
        await mkdir(root, { recursive: true });
        await access(root, constants.W_OK);
      } catch (error) {
        throw failure(error);
      }
    },
    async storedHash(key) {
      try {
        return { sha256: sha256(await readFile(fileOf(key))), etag: '' };
      } catch (error) {
        if (codeOf(error) === 'ENOENT') return null;
        throw error;
      }
    },
    async put({ key, body }: PutRequest) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temp = path.join(
        path.dirname(file),
        `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`,
      );
      try {
        await writeFile(temp, body);
        await rename(temp, file);
        return { etag: '' };
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },
    async get(key) {
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if (codeOf(error) === 'ENOENT') return null;
        throw error;
      }
    },
    isRetryable: (error) => RETRYABLE_CODES.has(codeOf(error)),
    isAccessError: (error) => ACCESS_CODES.has(codeOf(error)),
    describeFailure: failure,
    close() {},
  };
}
