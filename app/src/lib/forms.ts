import { queryOptions } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { FormSendSummary } from '../../../contracts/rest/forms';

/**
 * GET /api/v1/forms: the forms sent to the client, newest first; the home's card and the Forms page read it.
 * Silent: the Forms page says itself what could not be loaded, and the card is only a pointer that then shows
 * nothing.
 */
async function getForms(signal?: AbortSignal): Promise<FormSendSummary[]> {
  return (await api.get<Envelope<FormSendSummary[]>>('/api/v1/forms', { signal, silent: true })).data.data;
}

export const formsQueryOptions = () =>
  queryOptions({ queryKey: ['forms'], queryFn: ({ signal }) => getForms(signal) });
