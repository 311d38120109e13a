import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { companyFilesQueryOptions } from './get-company-files';

/** POST /api/v1/companies/deletefile/: deletes an entry and its files for good. */
async function deleteFile(companyId: number | null, id: number): Promise<void> {
  await api.post<Envelope<{ id: number; deleted: boolean }>>('/api/v1/companies/deletefile/', {
    company_id: companyId,
    id,
  });
}

export function useDeleteFile(companyId: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteFile(companyId, id),
    onSuccess: () => client.invalidateQueries({ queryKey: companyFilesQueryOptions(companyId).queryKey }),
  });
}
