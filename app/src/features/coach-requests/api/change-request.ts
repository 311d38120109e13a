import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { requestsQueryOptions, type CoachRequest, type RequestStatus } from './get-requests';

export interface RequestChange {
  status?: RequestStatus;
  approved?: boolean;
  /** Mailed to the client. */
  reply?: string;
}

export type RequestField = keyof RequestChange;

/** POST /api/v1/coach/requests/:kind/:id: the row as the list shows it once changed. */
async function changeRequest(row: CoachRequest, change: RequestChange): Promise<CoachRequest> {
  const response = await api.post<Envelope<CoachRequest>>(
    `/api/v1/coach/requests/${row.kind}/${row.id}`,
    change,
    { fields: Object.keys(change) },
  );
  return response.data.data;
}

/** Not optimistic: the row changes when the server has it, so a refusal leaves nothing to undo. */
export function useChangeRequest() {
  const client = useQueryClient();
  const { queryKey } = requestsQueryOptions();
  return useMutation({
    mutationFn: ({ row, change }: { row: CoachRequest; change: RequestChange }) => changeRequest(row, change),
    onSuccess: (changed) =>
      client.setQueryData(queryKey, (rows) =>
        rows?.map((row) => (row.kind === changed.kind && row.id === changed.id ? changed : row)),
      ),
  });
}
