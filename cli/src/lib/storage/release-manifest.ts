/**
 * The release manifest (site-layout.ts releaseManifestName): per tenant and per file of its last publish, the
 * ETag the target answered and the sha256, size and headers the publisher stored under it. A record is a fact
 * that does not go stale: "while the key's ETag is this one, it holds these bytes with these headers". So a key
 * whose listed ETag and size still match a record is current without asking about it, one that was changed or
 * deleted since shows in the listing, and a manifest left by an interrupted publish cannot claim a file it did
 * not store (a record is only made from a stored object's ETag).
 *
 * One manifest per publish run (per shard), not per tenant: it is the publisher's own bookkeeping, and a
 * manifest per tenant was one object more in every tenant's release. Stored as a table of distinct records and,
 * per tenant, its keys' indexes in that table: every tenant names the same shared assets (and, per site, the
 * same chunk bytes), so a fleet's manifest holds each of those once.
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
/** A manifest: each tenant's records, by slug. */
export type Manifest = Map<string, Records>;

export const recordId = (location: Location, key: string): string => `${targetId(location.target)} ${key}`;

type StoredRecord = [sha256: string, size: number, etag: string, contentType: string, cacheControl: string];

const MANIFEST_SCHEMA = {
  type: 'object',
  required: ['records', 'tenants'],
  properties: {
    records: {
      type: 'array',
      items: {
        type: 'array',
        minItems: 5,
        maxItems: 5,
        prefixItems: [
          { type: 'string', pattern: '^[0-9a-f]{64}$' },
          { type: 'integer', minimum: 0 },
          { type: 'string', minLength: 1 },
          { type: 'string' },
          { type: 'string' },
        ],
      },
    },
    tenants: {
      type: 'object',
      additionalProperties: { type: 'object', additionalProperties: { type: 'integer', minimum: 0 } },
    },
  },
};

let validate: ReturnType<Ajv2020['compile']> | undefined;

/** What a stored manifest says; a damaged or foreign one says nothing, so its files are checked one by one. */
export function parseManifest(bytes: Buffer): Manifest {
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    return new Map();
  }
  validate ??= new Ajv2020().compile(MANIFEST_SCHEMA);
  if (!validate(value)) return new Map();
  const { records, tenants } = value as {
    records: StoredRecord[];
    tenants: Record<string, Record<string, number>>;
  };
  // One object per stored record, shared by every tenant that names it.
  const table = records.map(([sha256, size, etag, contentType, cacheControl]): FileRecord => {
    return { sha256, size, etag, contentType, cacheControl };
  });
  const manifest: Manifest = new Map();
  for (const [slug, files] of Object.entries(tenants)) {
    const own: Records = new Map();
    for (const [id, index] of Object.entries(files)) {
      const record = table[index];
      if (!record) return new Map();
      own.set(id, record);
    }
    manifest.set(slug, own);
  }
  return manifest;
}

const byName = <T>([a]: [string, T], [b]: [string, T]) => (a < b ? -1 : a > b ? 1 : 0);

/** Sorted by slug and id, so an unchanged release serialises to the same bytes and is not written again. */
export function serializeManifest(manifest: Manifest): Buffer {
  const records: StoredRecord[] = [];
  const indexes = new Map<string, number>();
  // A fleet names its shared records tens of thousands of times, mostly as the same object: looked up by
  // identity first, by value only once per object.
  const known = new Map<FileRecord, number>();
  const tenants: Record<string, Record<string, number>> = {};
  for (const [slug, own] of [...manifest].sort(byName)) {
    const files: Record<string, number> = {};
    for (const [id, record] of [...own].sort(byName)) {
      let index = known.get(record);
      if (index === undefined) {
        const { sha256, size, etag, contentType, cacheControl } = record;
        const text = `${sha256}\0${size}\0${etag}\0${contentType}\0${cacheControl}`;
        index = indexes.get(text);
        if (index === undefined) {
          index = records.push([sha256, size, etag, contentType, cacheControl]) - 1;
          indexes.set(text, index);
        }
        known.set(record, index);
      }
      files[id] = index;
    }
    tenants[slug] = files;
  }
  return Buffer.from(`${JSON.stringify({ records, tenants })}\n`);
}
