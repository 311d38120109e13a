import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { MadeKey, NewKey } from '../../../../../contracts/rest/admin';
import { keysQueryOptions } from './get-keys';

/** The key made: `key` is the whole key, in this answer and nowhere else (contracts/rest/admin.ts). */
export type { MadeKey, NewKey } from '../../../../../contracts/rest/admin';

/** POST /api/v1/admin/api-keys. */
async function createKey(input: NewKey): Promise<MadeKey> {
  const response = await api.post<Envelope<MadeKey>>('/api/v1/admin/api-keys', input, {
    fields: ['name', 'scope'],
  });
  return response.data.data;
}

export function useCreateKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createKey,
    onSuccess: () => client.invalidateQueries({ queryKey: keysQueryOptions().queryKey }),
  });
}
