// What every store of private files offers (./storage.ts picks one): put, get and remove by key.
export interface Storage {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The file's bytes, or null when there is no such key. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the key; a missing key is not an error. */
  remove(key: string): Promise<void>;
}
