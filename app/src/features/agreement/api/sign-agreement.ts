import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { ClientAgreement } from './get-agreements';
import { agreementsQueryOptions } from '@/lib/agreements';

interface Signing {
  version_id: number;
  typed_name: string;
  agreed: boolean;
  /** The hash of the text on the screen: a text published meanwhile is refused, never signed unread. */
  text_sha256: string;
}

/** POST /api/v1/agreement/sign (201): the agreement with the new signature. */
async function signAgreement(input: Signing): Promise<ClientAgreement> {
  const response = await api.post<Envelope<ClientAgreement>>('/api/v1/agreement/sign', input, {
    fields: ['typed_name', 'agreed'],
  });
  return response.data.data;
}

export function useSignAgreement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: signAgreement,
    onSuccess: () => client.invalidateQueries({ queryKey: agreementsQueryOptions().queryKey }),
  });
}
