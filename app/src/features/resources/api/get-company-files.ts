import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { CompanyFile, StoredFile } from '../../../../../contracts/rest/company-files';

// The payload types are the API's schemas' (contracts/rest/company-files.ts).
export type { CompanyFile, StoredFile };

/**
 * Where a client's files are listed: their company's (GET /api/v1/companies/files/{id}), or, for a client without
 * a company (null), the files their coach sent them alone (GET /api/v1/me/files).
 */
export const filesUrl = (companyId: number | null) =>
  companyId === null ? '/api/v1/me/files' : `/api/v1/companies/files/${companyId}`;

/** The files, newest first. */
async function getCompanyFiles(companyId: number | null, signal?: AbortSignal): Promise<CompanyFile[]> {
  const response = await api.get<Envelope<CompanyFile[]>>(filesUrl(companyId), { signal });
  return response.data.data;
}

export const companyFilesQueryOptions = (companyId: number | null) =>
  queryOptions({
    queryKey: ['company-files', companyId],
    queryFn: ({ signal }) => getCompanyFiles(companyId, signal),
  });

export const useCompanyFiles = (companyId: number | null) => useQuery(companyFilesQueryOptions(companyId));
