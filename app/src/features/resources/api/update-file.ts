import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { companyFilesQueryOptions, type CompanyFile } from './get-company-files';

export interface FileChanges {
  id: number;
  description: string;
  /** New names of the entry's files (the API keeps each file's extension). */
  files: { id: number; name: string }[];
}

/** POST /api/v1/companies/updatefile/: renames an entry's files and changes its description. */
async function updateFile(companyId: number, changes: FileChanges): Promise<CompanyFile> {
  const response = await api.post<Envelope<CompanyFile>>('/api/v1/companies/updatefile/', {
    company_id: companyId,
    ...changes,
  });
  return response.data.data;
}

export function useUpdateFile(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: FileChanges) => updateFile(companyId, changes),
    onSuccess: () => client.invalidateQueries({ queryKey: companyFilesQueryOptions(companyId).queryKey }),
  });
}
