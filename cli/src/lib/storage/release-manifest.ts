/**
 * The release manifest (site-layout.ts RELEASE_MANIFEST): per file of a tenant's last publish, the ETag the
 * target answered and the sha256, size and headers the publisher stored under it. A record is a fact that does
 * not go stale: "while the key's ETag is this one, it holds these bytes with these headers". So a key whose
 * listed ETag and size still match a record is current without asking about it, one that was changed or
 * deleted since shows in the listing, and a manifest left by an interrupted publish cannot claim a file it did
 * not store (a record is only made from a stored object's ETag).
 */
import Ajv2020 from 'ajv/dist/2020.js';
import { targetId, type Location } from './target.js';

export interface FileRecord {
  sha256: string;
  size: number;
  etag: string;
  contentType: string;
  cacheControl: string;
}

/** Records by recordId: the bucket and the key, since a tenant's files may span buckets. */
export type Records = Map<string, FileRecord>;

export const recordId = (location: Location, key: string): string => `${targetId(location.target)} ${key}`;

const MANIFEST_SCHEMA = {
  type: 'object',
  required: ['files'],
  properties: {
    files: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        required: ['sha256', 'size', 'etag', 'contentType', 'cacheControl'],
        properties: {
          sha256: { type: 'string', pattern: '^[0-9a-f]{64}$' },
          size: { type: 'integer', minimum: 0 },
          etag: { type: 'string', minLength: 1 },
          contentType: { type: 'string' },
          cacheControl: { type: 'string' },
        },
      },
    },
  },
};

let validate: ReturnType<Ajv2020['compile']> | undefined;

/** What a stored manifest says; a damaged or foreign one says nothing, so its files are checked one by one. */
export function parseManifest(bytes: Buffer): Records {
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    return new Map();
  }
  validate ??= new Ajv2020().compile(MANIFEST_SCHEMA);
  if (!validate(value)) return new Map();
  return new Map(Object.entries((value as { files: Record<string, FileRecord> }).files));
}

/** Sorted by id, so an unchanged release serialises to the same bytes and is not written again. */
export function serializeManifest(records: Records): Buffer {
  const files = Object.fromEntries([...records].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return Buffer.from(`${JSON.stringify({ files }, null, 1)}\n`);
}
