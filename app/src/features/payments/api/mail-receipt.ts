import { useMutation } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';

interface Receipt {
  group_id: number;
  mailed: boolean;
  mailed_at: string | null;
}

/** POST /api/v1/users/studentemail/: mails the client the receipt of a paid group (once). */
async function mailReceipt(groupId: number): Promise<Receipt> {
  const response = await api.post<Envelope<Receipt>>('/api/v1/users/studentemail/', { group_id: groupId });
  return response.data.data;
}

export const useMailReceipt = () => useMutation({ mutationFn: mailReceipt });
