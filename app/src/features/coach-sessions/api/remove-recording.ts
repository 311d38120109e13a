import { api } from '@/lib/api-client';

/** POST /api/v1/coach/groups/:id/recordings/:recordingId/delete: sent once the undo time is over. */
export const removeRecording = (groupId: number, id: number) =>
  api.post(`/api/v1/coach/groups/${groupId}/recordings/${id}/delete`, {});
