/**
 * GET /api/v1/agreement: the agreements that apply to the client, each its current version and their signature.
 * One query for the Agreement page and My Profile's way to it, so both read one answer and a signature
 * refreshes both.
 */
import { queryOptions } from '@tanstack/react-query';
import type { ClientAgreement } from '../../../contracts/rest/agreements';
import { api, type Envelope } from './api-client';

async function getAgreements(signal?: AbortSignal): Promise<ClientAgreement[]> {
  const response = await api.get<Envelope<ClientAgreement[]>>('/api/v1/agreement', { signal });
  return response.data.data;
}

export const agreementsQueryOptions = () =>
  queryOptions({ queryKey: ['agreement'], queryFn: ({ signal }) => getAgreements(signal) });
