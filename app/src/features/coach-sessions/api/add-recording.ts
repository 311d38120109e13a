import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecordingInput } from '../../../../../contracts/rest/coach-sessions';
import { api } from '@/lib/api-client';
import { sessionsQueryOptions } from './get-sessions';

export type { RecordingInput } from '../../../../../contracts/rest/coach-sessions';

/** POST /api/v1/coach/groups/:id/recordings: a session's recording, attached afterwards as a link. */
export function useAddRecording(groupId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: RecordingInput) =>
      api.post(`/api/v1/coach/groups/${groupId}/recordings`, input, { fields: Object.keys(input) }),
    onSuccess: () => client.invalidateQueries({ queryKey: sessionsQueryOptions(groupId).queryKey }),
  });
}
