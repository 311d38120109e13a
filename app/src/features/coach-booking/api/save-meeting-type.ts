import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { meetingTypesQueryOptions, type MeetingType, type NewMeetingType } from './get-meeting-types';
import { previewKey } from './get-preview-slots';

/**
 * POST /api/v1/coach/meeting-types (a new type) or PATCH /api/v1/coach/meeting-types/:id (a change, also
 * restoring an archived one with `active: true`). A 422's sentences go beside the form's fields.
 */
async function saveMeetingType({
  id,
  ...fields
}: Partial<NewMeetingType> & { id: number | null }): Promise<MeetingType> {
  const options = { fields: Object.keys(fields) };
  const response =
    id === null
      ? await api.post<Envelope<MeetingType>>('/api/v1/coach/meeting-types', fields, options)
      : await api.patch<Envelope<MeetingType>>(`/api/v1/coach/meeting-types/${id}`, fields, options);
  return response.data.data;
}

export function useSaveMeetingType() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveMeetingType,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: meetingTypesQueryOptions().queryKey }),
        client.invalidateQueries({ queryKey: previewKey }),
      ]),
  });
}
