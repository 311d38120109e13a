import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';

export interface TeamMember {
  id: number;
  first_name: string;
  last_name: string;
  email: string | null;
  created_at: string;
}

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
