import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { FileChanges as ApiFileChanges } from '../../../../../contracts/rest/company-files';
import { companyFilesQueryOptions, type CompanyFile } from './get-company-files';

/** A sending's new description and new names of its files (contracts/rest/company-files.ts): the form sends both. */
export type FileChanges = Required<Omit<ApiFileChanges, 'company_id'>>;

/** How the API's 422 names the new name of the entry's i-th file. */
export const fileNameField = (i: number) => `files.${i}.name`;

/** POST /api/v1/companies/updatefile/: renames an entry's files and changes its description. */
async function updateFile(companyId: number | null, changes: FileChanges): Promise<CompanyFile> {
  const response = await api.post<Envelope<CompanyFile>>(
    '/api/v1/companies/updatefile/',
    { company_id: companyId, ...changes },
    // Its form shows the description and each name with the API's reasons beside them.
    { fields: ['description', ...changes.files.map((_, i) => fileNameField(i))] },
  );
  return response.data.data;
}

/** `companyId` null: a client without a company, whose files are all their coach's and so never changed. */
export function useUpdateFile(companyId: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: FileChanges) => updateFile(companyId, changes),
    onSuccess: () => client.invalidateQueries({ queryKey: companyFilesQueryOptions(companyId).queryKey }),
  });
}
