/**
 * The release manifest (site-layout.ts releaseManifestName): per tenant and per file of its last publish, the
 * ETag the target answered and the sha256, size and headers the publisher stored under it. A record is a fact
 * that does not go stale: "while the key's ETag is this one, it holds these bytes with these headers". So a key
 * whose listed ETag and size still match a record is current without asking about it, one that was changed or
 * deleted since shows in the listing, and a manifest left by an interrupted publish cannot claim a file it did
 * not store (a record is only made from a stored object's ETag).
 *
 * One manifest per publish run (per shard), not per tenant: it is the publisher's own bookkeeping, and a
 * manifest per tenant was one object more in every tenant's release. Stored as a table of distinct records; the
 * keys every tenant of a compile shares (--shared-assets: the assets and the service worker) once, as a shared
 * group each tenant names; per tenant only its own keys. A fleet of 1,000 tenants names 6,000 keys, not the
 * 130,000 it named when each tenant listed every shared asset.
 *
 * Manifests written before the shared groups (no "format") are read as they are, each tenant's keys its own;
 * the next publish writes the current format.
 */
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

export interface TenantRecords {
  /** The id of the shared group (plan.ts SharedPlan) its release uses, if any. */
  shared?: string;
  own: Records;
}

export interface Manifest {
  tenants: Map<string, TenantRecords>;
  /** Each shared group's records, by group id. */
  shared: Map<string, Records>;
}

const FORMAT = 2;

const emptyManifest = (): Manifest => ({ tenants: new Map(), shared: new Map() });

export const recordId = (location: Location, key: string): string => `${targetId(location.target)} ${key}`;

type StoredRecord = [sha256: string, size: number, etag: string, contentType: string, cacheControl: string];
type StoredTenant = { shared?: string; files: Record<string, number> };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const SHA256 = /^[0-9a-f]{64}$/;

function isStoredRecord(value: unknown): value is StoredRecord {
  if (!Array.isArray(value) || value.length !== 5) return false;
  const [sha256, size, etag, contentType, cacheControl] = value as unknown[];
  return (
    typeof sha256 === 'string' &&
    SHA256.test(sha256) &&
    Number.isInteger(size) &&
    (size as number) >= 0 &&
    typeof etag === 'string' &&
    etag.length > 0 &&
    typeof contentType === 'string' &&
    typeof cacheControl === 'string'
  );
}

/**
 * A file table's indexes into the records, or null when one is not a record: checked by hand rather than by
 * a schema validator, since a fleet's manifest is thousands of entries read on every publish.
 */
function filesOf(value: unknown, table: FileRecord[]): Records | null {
  if (!isObject(value)) return null;
  const records: Records = new Map();
  for (const id in value) {
    const record = table[value[id] as number];
    if (!Number.isInteger(value[id]) || !record) return null;
    records.set(id, record);
  }
  return records;
}

function tenantsOf(value: Record<string, unknown>, table: FileRecord[]): Manifest | null {
  const manifest = emptyManifest();
  if (!isObject(value.tenants)) return null;
  if (value.format === undefined) {
    // The earlier format: per tenant, every key it published, shared ones included.
    for (const slug in value.tenants) {
      const own = filesOf(value.tenants[slug], table);
      if (!own) return null;
      manifest.tenants.set(slug, { own });
    }
    return manifest;
  }
  if (value.format !== FORMAT || !isObject(value.shared)) return null;
  for (const id in value.shared) {
    const records = filesOf(value.shared[id], table);
    if (!records) return null;
    manifest.shared.set(id, records);
  }
  for (const slug in value.tenants) {
    const tenant = value.tenants[slug];
    if (!isObject(tenant)) return null;
    const own = filesOf(tenant.files, table);
    const { shared } = tenant;
    if (!own || (shared !== undefined && (typeof shared !== 'string' || !manifest.shared.has(shared))))
      return null;
    manifest.tenants.set(slug, shared === undefined ? { own } : { shared, own });
  }
  return manifest;
}

/** What a stored manifest says; a damaged or foreign one says nothing, so its files are checked one by one. */
export function parseManifest(bytes: Buffer): Manifest {
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    return emptyManifest();
  }
  if (!isObject(value) || !Array.isArray(value.records) || !value.records.every(isStoredRecord))
    return emptyManifest();
  // One object per stored record, shared by every tenant that names it.
  const table = (value.records as StoredRecord[]).map(
    ([sha256, size, etag, contentType, cacheControl]): FileRecord => ({
      sha256,
      size,
      etag,
      contentType,
      cacheControl,
    }),
  );
  return tenantsOf(value, table) ?? emptyManifest();
}

const byName = <T>([a]: [string, T], [b]: [string, T]) => (a < b ? -1 : a > b ? 1 : 0);

/** Sorted by slug and id, so an unchanged release serialises to the same bytes and is not written again. */
export function serializeManifest(manifest: Manifest): Buffer {
  const records: StoredRecord[] = [];
  const indexes = new Map<string, number>();
  // Tenants name the same records (a site's chunks, a group's) as the same object: looked up by identity
  // first, by value only once per object.
  const known = new Map<FileRecord, number>();
  const files = (own: Records) => {
    const out: Record<string, number> = {};
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
      out[id] = index;
    }
    return out;
  };
  const shared: Record<string, Record<string, number>> = {};
  for (const [id, own] of [...manifest.shared].sort(byName)) shared[id] = files(own);
  const tenants: Record<string, StoredTenant> = {};
  for (const [slug, tenant] of [...manifest.tenants].sort(byName)) {
    tenants[slug] =
      tenant.shared === undefined
        ? { files: files(tenant.own) }
        : { shared: tenant.shared, files: files(tenant.own) };
  }
  return Buffer.from(`${JSON.stringify({ format: FORMAT, records, shared, tenants })}\n`);
}
