import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';

export interface StoredFile {
  id: number;
  name: string;
  size: number;
  /** The type the API read from the file's bytes, e.g. 'application/pdf'. */
  type: string;
  created_at: string;
}

/** One sending (SPEC §3 "Company file"): a description and its files, from the client or from the coach. */
export interface CompanyFile {
  id: number;
  company_id: number;
  description: string;
  files: StoredFile[];
  sender: { id: number; first_name: string; last_name: string };
  from_coach: boolean;
  /** For the whole company, or (a coach's) for the signed-in client alone: their colleagues never see it. */
  to: 'client' | 'company';
  /** Only the sender may rename, describe or delete it. */
  editable: boolean;
  created_at: string;
  updated_at: string;
}

/** GET /api/v1/companies/files/{id}: the company's files, newest first. */
async function getCompanyFiles(companyId: number, signal?: AbortSignal): Promise<CompanyFile[]> {
  const response = await api.get<Envelope<CompanyFile[]>>(`/api/v1/companies/files/${companyId}`, { signal });
  return response.data.data;
}

export const companyFilesQueryOptions = (companyId: number) =>
  queryOptions({
    queryKey: ['company-files', companyId],
    queryFn: ({ signal }) => getCompanyFiles(companyId, signal),
  });

export const useCompanyFiles = (companyId: number) => useQuery(companyFilesQueryOptions(companyId));
