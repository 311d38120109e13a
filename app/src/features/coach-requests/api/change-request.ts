import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { RequestChange } from '../../../../../contracts/rest/coach-inputs';
import { requestsQueryOptions, type CoachRequest } from './get-requests';

// A change is the API's schema's (contracts/rest/coach-inputs.ts): a status, an approval, a reply mailed to the
// client, or RequestField, the name of one of them.
export type { RequestChange, RequestField } from '../../../../../contracts/rest/coach-inputs';

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
