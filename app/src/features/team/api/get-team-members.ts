import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { TeamMember } from '../../../../../contracts/rest/client-work';

// The payload type is the API's schema's (contracts/rest/client-work.ts).
export type { TeamMember };

/** POST /api/v1/clientportal/team/members/: the people on the client's team. */
async function getTeamMembers(signal?: AbortSignal): Promise<TeamMember[]> {
  const response = await api.post<Envelope<TeamMember[]>>(
    '/api/v1/clientportal/team/members/',
    {},
    { signal },
  );
  return response.data.data;
}

export const teamMembersQueryOptions = () =>
  queryOptions({ queryKey: ['team', 'members'], queryFn: ({ signal }) => getTeamMembers(signal) });

export const useTeamMembers = () => useQuery(teamMembersQueryOptions());
