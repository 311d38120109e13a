import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { TicketInput } from '../../../../../contracts/rest/support';
import { ticketsQueryOptions } from './get-tickets';

// The payload types are the API's schemas' (contracts/rest/support.ts).
export type { TicketInput } from '../../../../../contracts/rest/support';

/** POST /api/v1/tickets (201): a support ticket (the API allows a few an hour). */
async function fileTicket(ticket: TicketInput): Promise<{ id: number }> {
  // Its form shows each field it sends, with the API's reasons beside it.
  const response = await api.post<Envelope<{ id: number }>>('/api/v1/tickets', ticket, {
    fields: Object.keys(ticket),
  });
  return response.data.data;
}

/** Files a ticket; the list of the client's tickets then shows it. */
export function useFileTicket() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fileTicket,
    onSuccess: () => client.invalidateQueries({ queryKey: ticketsQueryOptions().queryKey }),
  });
}
