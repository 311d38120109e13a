import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { ProfileDetails } from '../../../../../contracts/rest/profile';
import { acceptProfile } from './profile-answer';

/** POST /api/v1/students/update/{id}: the personal details (the company is the coach's to manage). */
async function updateProfile(userId: number, details: ProfileDetails): Promise<unknown> {
  // Its form shows each field it sends, with the API's reasons beside it.
  const response = await api.post<Envelope<unknown>>(`/api/v1/students/update/${userId}`, details, {
    fields: Object.keys(details),
  });
  return response.data.data;
}

export function useUpdateProfile(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (details: ProfileDetails) => updateProfile(userId, details),
    onSuccess: (answer) => acceptProfile(client, userId, answer),
  });
}
