import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { StepInput } from '../../../../../contracts/rest/coach-inputs';
import type { MeetingRecap, Recap, RecapComment } from '../../../../../contracts/rest/recaps';

export type { MeetingRecap, Recap };

const recapOptions = (meetingId: number) =>
  queryOptions({
    queryKey: ['coach-meeting-recap', meetingId],
    queryFn: async ({ signal }) =>
      (
        await api.get<Envelope<MeetingRecap>>(`/api/v1/coach/meetings/${meetingId}/recap`, {
          signal,
          // A 404 (not one of the coach's clients' meetings, or not begun) is the page's not-found state.
          silent: true,
        })
      ).data.data,
  });

/** GET /api/v1/coach/meetings/{id}/recap: the meeting and its recap (null before one is written). */
export const useMeetingRecap = (meetingId: number | null) =>
  useQuery({ ...recapOptions(meetingId ?? 0), enabled: meetingId !== null });

/** Every change of the page answers with the recap as it now is: the page's query takes it. */
function useRecapChange<I, O>(meetingId: number, call: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: recapOptions(meetingId).queryKey }),
  });
}

/** POST /api/v1/coach/meetings/{id}/recap: writes the recap (a draft until it is shared). */
export const useSaveRecap = (meetingId: number) =>
  useRecapChange(
    meetingId,
    async (body: string) =>
      (
        await api.post<Envelope<Recap>>(
          `/api/v1/coach/meetings/${meetingId}/recap`,
          { body },
          { fields: ['body'] },
        )
      ).data.data,
  );

/** POST /api/v1/coach/recaps/{id}/share: the client is told (bell, push, mail). */
export const useShareRecap = (meetingId: number) =>
  useRecapChange(
    meetingId,
    async (recapId: number) =>
      (await api.post<Envelope<Recap>>(`/api/v1/coach/recaps/${recapId}/share`, {})).data.data,
  );

/** POST /api/v1/recaps/{id}/comments (201): the coach's comment under a shared recap. */
export const useCoachComment = (meetingId: number, recapId: number) =>
  useRecapChange(
    meetingId,
    async (body: string) =>
      (
        await api.post<Envelope<RecapComment>>(
          `/api/v1/recaps/${recapId}/comments`,
          { body },
          { fields: ['body'] },
        )
      ).data.data,
  );

/** POST /api/v1/coach/recaps/{id}/action-steps (201): a step on the client's board, linked to the recap. */
export const useStepFromRecap = (meetingId: number, recapId: number) =>
  useRecapChange(
    meetingId,
    async (input: Pick<StepInput, 'title' | 'due_date'>) =>
      (
        await api.post<Envelope<unknown>>(`/api/v1/coach/recaps/${recapId}/action-steps`, input, {
          fields: ['title', 'due_date'],
        })
      ).data.data,
  );
