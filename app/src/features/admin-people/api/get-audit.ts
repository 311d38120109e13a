import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { PEOPLE_KEY } from './get-people';
import type { AuditEntry, AuditPage } from '../../../../../contracts/rest/admin';

// The payload type is the API's schema's (contracts/rest/admin.ts).
export type { AuditEntry };

interface AuditQuery {
  actor: string;
  person: string;
  action: string;
  personId: number | null;
  from: string;
  to: string;
  page: number;
  perPage?: number;
}

/** GET /api/v1/admin/audit: the audit log, newest first, filtered by the API. */
async function getAudit(query: AuditQuery, signal?: AbortSignal): Promise<AuditPage> {
  const params = new URLSearchParams({ page: String(query.page), per_page: String(query.perPage ?? 25) });
  if (query.actor) params.set('actor', query.actor);
  if (query.person) params.set('person', query.person);
  if (query.action) params.set('action', query.action);
  if (query.personId !== null) params.set('person_id', String(query.personId));
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  const response = await api.get<AuditPage>(`/api/v1/admin/audit?${params}`, { signal });
  return response.data;
}

/** Under the people's key: every change to a person adds to the log. */
const auditQueryOptions = (query: AuditQuery) =>
  queryOptions({
    queryKey: [...PEOPLE_KEY, 'audit', query],
    queryFn: ({ signal }) => getAudit(query, signal),
  });

export const useAudit = (query: AuditQuery) =>
  useQuery({ ...auditQueryOptions(query), placeholderData: keepPreviousData });
