import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';

export type KeyScope = 'read' | 'read-write';
/** Whether a key works: revoked, or stopped while the admin who made it is deactivated or no longer an admin. */
type KeyStatus = 'active' | 'revoked' | 'maker_deactivated' | 'maker_not_admin';

export interface ApiKey {
  id: number;
  name: string;
  scope: KeyScope;
  /** The key's first characters: the key itself is shown once, when it is made. */
  prefix: string;
  status: KeyStatus;
  created_by: string;
  created_by_id: number;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** GET /api/v1/admin/api-keys: the tenant's keys, newest first, revoked ones included. */
async function getKeys(signal?: AbortSignal): Promise<ApiKey[]> {
  const response = await api.get<Envelope<ApiKey[]>>('/api/v1/admin/api-keys', { signal });
  return response.data.data;
}

export const keysQueryOptions = () =>
  queryOptions({ queryKey: ['admin-api-keys'], queryFn: ({ signal }) => getKeys(signal) });

export const useKeys = () => useQuery(keysQueryOptions());
