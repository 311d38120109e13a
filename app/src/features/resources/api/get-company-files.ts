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
  /** Null: a file for a client without a company, for them alone. */
  company_id: number | null;
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
