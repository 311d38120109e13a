import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { meetingTypesQueryOptions } from './get-meeting-types';

/**
 * DELETE /api/v1/coach/meeting-types/:id: the type is archived (no longer offered; its meetings keep it), never
 * deleted.
 */
async function archiveMeetingType(id: number): Promise<void> {
  await api.delete(`/api/v1/coach/meeting-types/${id}`);
}

export function useArchiveMeetingType() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: archiveMeetingType,
    onSuccess: () => client.invalidateQueries({ queryKey: meetingTypesQueryOptions().queryKey }),
  });
}
