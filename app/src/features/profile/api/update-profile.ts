import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { acceptProfile } from './profile-answer';

interface ProfileDetails {
  first_name: string;
  last_name: string;
  website: string | null;
  title: string | null;
  location: string | null;
  time_zone: string | null;
  phone_number: string | null;
  birthday: string | null;
}

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
