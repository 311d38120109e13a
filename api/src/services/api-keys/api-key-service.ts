// API keys for the tenant's own systems. A key is shown once, when it is made, and kept only as its SHA-256
// (secrets.ts), so a database leak hands out no key. Every request looks the key up again, on whichever
// instance answers it: a revoke is a row change, seen by the next request everywhere, with no cache to outlive
// it. last_used_at is written at most once a minute, so a busy integration costs one SELECT a request. A key
// acts with its maker's standing: it stops working while the admin who made it is deactivated or no longer an
// admin (the same row read, so that too holds from the next request), and works again if they are restored.
// Making and revoking a key are audited like every other change an admin makes.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ApiKeyScope, Database } from '../../db/database.js';
import { HttpError } from '../../errors.js';
import { sha256 } from '../auth/secrets.js';
import { roleOf } from '../access/roles.js';
import { spendKeyRequest } from '../limits/limits.js';
import { writeAudit } from '../people/audit-repository.js';
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

/** Whether a key works, and if not, why: revoked, or its maker is deactivated or no longer an admin. */
type KeyStatus = 'active' | 'revoked' | 'maker_deactivated' | 'maker_not_admin';

function statusOf(row: {
  revoked_at: Date | null;
  maker_role_id: number;
  maker_deactivated_at: Date | null;
}): KeyStatus {
  if (row.revoked_at) return 'revoked';
  if (row.maker_deactivated_at) return 'maker_deactivated';
  return roleOf(row.maker_role_id) === 'admin' ? 'active' : 'maker_not_admin';
}

const refusals: Record<Exclude<KeyStatus, 'active'>, string> = {
  revoked: 'This API key has been revoked.',
  maker_deactivated:
    'This API key stopped working: the admin who made it has been deactivated. An admin makes a new key under API keys.',
  maker_not_admin:
    'This API key stopped working: the person who made it is no longer an admin. An admin makes a new key under API keys.',
};

const scopeText = { read: 'read only', 'read-write': 'read and write' } as const;

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
      const name = input.name.trim();
      const id = await db.transaction().execute(async (trx) => {
        const made = await insertApiKey(trx, {
          tenant_id: admin.tenantId,
          name,
          scope: input.scope,
          prefix,
          key_hash: sha256(key),
          created_by: admin.userId,
          created_at: at,
        });
        await writeAudit(trx, admin, at, {
          action: 'api_key.created',
          subject_type: 'api_key',
          subject_id: made.id,
          person_id: null,
          summary: `Made the API key ${name} (${prefix}…), ${scopeText[input.scope]}`,
          after: { name, scope: input.scope, prefix },
        });
        return made.id;
      });
      return { id, key, prefix, name: input.name.trim(), scope: input.scope, created_at: at.toISOString() };
    },
    /** The tenant's keys, or with `createdBy` those that admin made (what their deactivation would stop). */
    async list(tenantId: number, createdBy?: number) {
      const rows = await listApiKeys(db, tenantId, createdBy);
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        scope: row.scope,
        prefix: row.prefix,
        status: statusOf(row),
        created_by: `${row.first_name} ${row.last_name}`.trim(),
        created_by_id: row.created_by,
        created_at: row.created_at.toISOString(),
        last_used_at: row.last_used_at?.toISOString() ?? null,
        revoked_at: row.revoked_at?.toISOString() ?? null,
      }));
    },
    async revoke(admin: { tenantId: number; userId: number }, id: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const at = now();
        const revoked = await revokeApiKey(trx, admin.tenantId, id, at);
        if (!revoked) throw new HttpError(404, 'There is no active API key with this id.');
        await writeAudit(trx, admin, at, {
          action: 'api_key.revoked',
          subject_type: 'api_key',
          subject_id: revoked.id,
          person_id: null,
          summary: `Revoked the API key ${revoked.name} (${revoked.prefix}…)`,
          before: { revoked: false },
          after: { revoked: true },
        });
      });
    },
    async authenticate(key: string | undefined): Promise<KeyCaller> {
      if (!key?.startsWith(keyStart)) throw unauthenticated();
      const row = await findApiKeyByHash(db, sha256(key));
      if (!row) throw unauthenticated();
      const status = statusOf(row);
      if (status !== 'active') throw new HttpError(401, refusals[status]);
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
