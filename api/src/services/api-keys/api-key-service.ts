// API keys for the tenant's own systems. A key is shown once, when it is made, and kept only as its SHA-256
// (secrets.ts), so a database leak hands out no key. Every request looks the key up again, on whichever
// instance answers it: a revoke is a row change, seen by the next request everywhere, with no cache to outlive
// it. last_used_at is written at most once a minute, so a busy integration costs one SELECT a request.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ApiKeyScope, Database } from '../../db/database.js';
import { HttpError } from '../../errors.js';
import { sha256 } from '../auth/secrets.js';
import { spendKeyRequest } from '../limits/limits.js';
import {
  findApiKeyByHash,
  insertApiKey,
  listApiKeys,
  revokeApiKey,
  touchApiKey,
} from './api-key-repository.js';

const touchEveryMs = 60_000;
/** The start every key has, so a secret scanner (and a person) recognises one in a log or a commit. */
const keyStart = 'pk_live_';
/** The part of a key the admin's list shows: the start and four more characters. */
const shownLength = keyStart.length + 4;

/** The integration API's caller: a key of a tenant, never a session. */
export interface KeyCaller {
  keyId: number;
  tenantId: number;
  scope: ApiKeyScope;
  /** How the audit log names the key: its name and visible prefix. */
  name: string;
}

const unauthenticated = () =>
  new HttpError(
    401,
    'Send a valid API key as "Authorization: Bearer <key>". An admin makes one in API keys.',
  );

export function createApiKeyService(db: Kysely<Database>, now: () => Date) {
  return {
    /** Makes a key for the admin's tenant: the key itself is in the answer and nowhere else, ever. */
    async create(admin: { tenantId: number; userId: number }, input: { name: string; scope: ApiKeyScope }) {
      const key = keyStart + randomBytes(32).toString('base64url');
      const prefix = key.slice(0, shownLength);
      const at = now();
      const { id } = await insertApiKey(db, {
        tenant_id: admin.tenantId,
        name: input.name.trim(),
        scope: input.scope,
        prefix,
        key_hash: sha256(key),
        created_by: admin.userId,
        created_at: at,
      });
      return { id, key, prefix, name: input.name.trim(), scope: input.scope, created_at: at.toISOString() };
    },
    async list(tenantId: number) {
      const rows = await listApiKeys(db, tenantId);
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        scope: row.scope,
        prefix: row.prefix,
        created_by: `${row.first_name} ${row.last_name}`.trim(),
        created_at: row.created_at.toISOString(),
        last_used_at: row.last_used_at?.toISOString() ?? null,
        revoked_at: row.revoked_at?.toISOString() ?? null,
      }));
    },
    async revoke(tenantId: number, id: number): Promise<void> {
      if (!(await revokeApiKey(db, tenantId, id, now())))
        throw new HttpError(404, 'There is no active API key with this id.');
    },
    async authenticate(key: string | undefined): Promise<KeyCaller> {
      if (!key?.startsWith(keyStart)) throw unauthenticated();
      const row = await findApiKeyByHash(db, sha256(key));
      if (!row) throw unauthenticated();
      if (row.revoked_at) throw new HttpError(401, 'This API key has been revoked.');
      const t = now();
      if (!row.last_used_at || t.getTime() - row.last_used_at.getTime() >= touchEveryMs)
        await touchApiKey(db, row.id, t);
      return {
        keyId: row.id,
        tenantId: row.tenant_id,
        scope: row.scope,
        name: `${row.name} (${row.prefix}…)`,
      };
    },
    /** One request of the key's allowance a minute (limits.ts), or 429. */
    spend: (key: KeyCaller, perMinute: number) => spendKeyRequest(db, key.keyId, perMinute),
  };
}
