import { useMutation } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { Receipt } from '../../../../../contracts/rest/payments';

/** POST /api/v1/users/studentemail/: mails the client the receipt of a paid group (once). */
async function mailReceipt(groupId: number): Promise<Receipt> {
  const response = await api.post<Envelope<Receipt>>('/api/v1/users/studentemail/', { group_id: groupId });
  return response.data.data;
}

export const useMailReceipt = () => useMutation({ mutationFn: mailReceipt });
