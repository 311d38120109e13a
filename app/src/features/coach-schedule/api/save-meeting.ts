import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { MeetingInput } from '../../../../../contracts/rest/coach-inputs';
import { meetingsQueryOptions, type CoachMeeting } from './get-meetings';

// What the meeting form sends is the API's schema's (contracts/rest/coach-inputs.ts); start is the coach's wall
// clock, YYYY-MM-DDTHH:mm.
export type { MeetingInput } from '../../../../../contracts/rest/coach-inputs';

/** The meeting booked, or the coach's meetings it would overlap (409) until the coach books it anyway. */
type Saved = { meeting: CoachMeeting } | { overlaps: CoachMeeting[] };

/**
 * POST /api/v1/coach/meetings (new) or /api/v1/coach/meetings/:id (reschedule or edit). A 409 is an answer the
 * form shows, not an error to toast.
 */
async function saveMeeting({ id, ...input }: MeetingInput & { id: number | null }): Promise<Saved> {
  const { client_id: clientId, ...change } = input;
  const response = await api.post<Envelope<CoachMeeting> & { overlaps?: CoachMeeting[] }>(
    id === null ? '/api/v1/coach/meetings' : `/api/v1/coach/meetings/${id}`,
    id === null ? { client_id: clientId, ...change } : change,
    {
      fields: Object.keys(input),
      validateStatus: (status) => (status >= 200 && status < 300) || status === 409,
    },
  );
  return response.status === 409
    ? { overlaps: response.data.overlaps ?? [] }
    : { meeting: response.data.data };
}

export function useSaveMeeting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveMeeting,
    onSuccess: () => client.invalidateQueries({ queryKey: meetingsQueryOptions().queryKey }),
  });
}
