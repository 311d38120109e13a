import { createHash } from 'node:crypto';

export const sha256 = (bytes: Buffer | string): string => createHash('sha256').update(bytes).digest('hex');

/**
 * A file's size and SHA-256, as the build records them (the stamp for a site's own files, the compile folder's
 * digests.json for its hashed assets) and the publish plan reads them back, so a publish hashes nothing.
 */
export type Digest = [size: number, sha256: string];

export const digestOf = (bytes: Buffer | string): Digest => [Buffer.byteLength(bytes), sha256(bytes)];
