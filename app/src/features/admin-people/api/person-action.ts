import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { PEOPLE_KEY, type Person } from './get-people';
import { API_KEYS_KEY } from './get-person-keys';

type Action = 'deactivate' | 'reactivate' | 'invitation' | 'email-change/resend' | 'email-change/cancel';

/**
 * POST /api/v1/admin/people/{id}/deactivate, .../reactivate, .../invitation (send the invitation again) and
 * .../email-change/resend or .../cancel (a waiting login email change): each answers the person as they now are.
 */
async function personAction(id: number, action: Action): Promise<Person> {
  const response = await api.post<Envelope<Person>>(`/api/v1/admin/people/${id}/${action}`, {});
  return response.data.data;
}

export function usePersonAction(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: Action) => personAction(id, action),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: PEOPLE_KEY }),
        client.invalidateQueries({ queryKey: API_KEYS_KEY }),
      ]),
  });
}
