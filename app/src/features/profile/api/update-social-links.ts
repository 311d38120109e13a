import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { SocialLinks } from '../../../../../contracts/rest/profile';
import { acceptProfile } from './profile-answer';

/** POST /api/v1/students/updatetwo/{id}: the second part of the profile, the social links. */
async function updateSocialLinks(userId: number, links: SocialLinks): Promise<unknown> {
  // Its form shows each field it sends, with the API's reasons beside it.
  const response = await api.post<Envelope<unknown>>(`/api/v1/students/updatetwo/${userId}`, links, {
    fields: Object.keys(links),
  });
  return response.data.data;
}

export function useUpdateSocialLinks(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (links: SocialLinks) => updateSocialLinks(userId, links),
    onSuccess: (answer) => acceptProfile(client, userId, answer),
  });
}
