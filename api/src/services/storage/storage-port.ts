// What every store of private files offers (./storage.ts picks one): put, get and remove by key; a large file
// (a lesson video) goes in from a file on disk and out as a stream of a byte range, never whole in memory.
import type { Readable } from 'node:stream';

/** Bytes start..end of a file, both included (HTTP's Range). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface Storage {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** Keeps the file at `path` (of `size` bytes) under the key, streamed from the disk. */
  putFile(key: string, path: string, size: number, contentType: string): Promise<void>;
  /** The range's bytes as a stream, or null when there is no such key. */
  stream(key: string, range: ByteRange): Promise<Readable | null>;
  /** The file's bytes, or null when there is no such key. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the key; a missing key is not an error. */
  remove(key: string): Promise<void>;
}
