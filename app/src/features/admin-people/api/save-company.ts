import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { COMPANIES_KEY } from './get-companies';
import { PEOPLE_KEY } from './get-people';

/** POST /api/v1/admin/companies (201, a new company) or POST /api/v1/admin/companies/{id} (a new name). */
async function saveCompany(input: { id?: number; name: string }): Promise<{ id: number; name: string }> {
  const url = input.id === undefined ? '/api/v1/admin/companies' : `/api/v1/admin/companies/${input.id}`;
  const response = await api.post<Envelope<{ id: number; name: string }>>(
    url,
    { name: input.name },
    { fields: ['name'] },
  );
  return response.data.data;
}

export function useSaveCompany() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveCompany,
    // People show their company's name.
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: COMPANIES_KEY }),
        client.invalidateQueries({ queryKey: PEOPLE_KEY }),
      ]),
  });
}
