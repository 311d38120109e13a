import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { companyFilesQueryOptions, type CompanyFile } from './get-company-files';

interface CoachFileInput {
  files: File[];
  description: string;
  /** 0..1 while the files go up. */
  onProgress?: (fraction: number) => void;
}

/**
 * POST /api/v1/companies/newcoachfile/ (multipart, 201): company_id always, each file as `files[]`, and the
 * description only when it is not blank (SPEC §5).
 */
async function sendCoachFile(companyId: number, input: CoachFileInput): Promise<CompanyFile> {
  const form = new FormData();
  form.append('company_id', String(companyId));
  for (const file of input.files) form.append('files[]', file);
  const description = input.description.trim();
  if (description) form.append('description', description);
  const response = await api.post<Envelope<CompanyFile>>('/api/v1/companies/newcoachfile/', form, {
    onUploadProgress: input.onProgress,
    // Its form shows the description's problems beside it, and the files' beside the file picker.
    fields: ['description', 'files'],
  });
  return response.data.data;
}

export function useSendCoachFile(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CoachFileInput) => sendCoachFile(companyId, input),
    onSuccess: () => client.invalidateQueries({ queryKey: companyFilesQueryOptions(companyId).queryKey }),
  });
}
