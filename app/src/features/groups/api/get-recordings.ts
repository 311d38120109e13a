import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { Recording } from '../../../../../contracts/rest/lessons';

/** POST lessons/recording/: the group's meeting recordings, newest first. */
async function getRecordings(userGroupId: number, signal?: AbortSignal): Promise<Recording[]> {
  const response = await api.post<Envelope<Recording[]>>(
    '/api/v1/lessons/recording/',
    { user_group_id: userGroupId },
    { signal },
  );
  return response.data.data;
}

const recordingsQueryOptions = (userGroupId: number) =>
  queryOptions({
    queryKey: ['groups', 'recordings', userGroupId],
    queryFn: ({ signal }) => getRecordings(userGroupId, signal),
  });

export const useRecordings = (userGroupId: number) => useQuery(recordingsQueryOptions(userGroupId));
