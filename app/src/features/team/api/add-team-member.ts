import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { teamMembersQueryOptions, type TeamMember } from './get-team-members';
import type { TeamMemberInput } from '../../../../../contracts/rest/client-work';

/** POST /api/v1/clientportal/team/add/ (201): a new team member. */
async function addTeamMember(member: TeamMemberInput): Promise<TeamMember> {
  // Its form shows each field it sends, with the API's reasons beside it.
  const response = await api.post<Envelope<TeamMember>>('/api/v1/clientportal/team/add/', member, {
    fields: Object.keys(member),
  });
  return response.data.data;
}

export function useAddTeamMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addTeamMember,
    onSuccess: () => client.invalidateQueries({ queryKey: teamMembersQueryOptions().queryKey }),
  });
}
