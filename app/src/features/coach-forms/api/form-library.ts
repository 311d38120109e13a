import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { formLibraryQueryOptions } from '@/lib/form-library';
import type { Layout } from '../../../../../contracts/forms';
import type { Form, FormInput } from '../../../../../contracts/rest/forms';
import { layoutFields } from '../lib/builder-state';

export type { Form };

export const useFormLibrary = () => useQuery(formLibraryQueryOptions());

/** GET /api/v1/forms/library/{id}: one form with its newest version (another coach's: 404). */
const formQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...formLibraryQueryOptions().queryKey, id],
    queryFn: async ({ signal }) =>
      (await api.get<Envelope<Form>>(`/api/v1/forms/library/${id}`, { signal })).data.data,
  });

export const useLibraryForm = (id: number | null) =>
  useQuery({ ...formQueryOptions(id ?? 0), enabled: id !== null });

/**
 * POST /api/v1/forms/library (a new form, 201) or PUT /api/v1/forms/library/{id} (a new version): the builder
 * shows the 422's reasons beside the questions, so every field of the layout is the form's to show.
 */
export function useSaveForm(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: FormInput) => {
      const fields = layoutFields(input.layout as Layout);
      const res =
        id === null
          ? await api.post<Envelope<Form>>('/api/v1/forms/library', input, { fields })
          : await api.put<Envelope<Form>>(`/api/v1/forms/library/${id}`, input, { fields });
      return res.data.data;
    },
    onSuccess: (form) => {
      client.setQueryData(formQueryOptions(form.id).queryKey, form);
      return client.invalidateQueries({ queryKey: formLibraryQueryOptions().queryKey, exact: true });
    },
  });
}

/** POST /api/v1/forms/library/{id}/archive: archived, a form is no longer offered to send; sent ones stay. */
export function useArchiveForm() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, archived }: { id: number; archived: boolean }) =>
      (await api.post<Envelope<Form>>(`/api/v1/forms/library/${id}/archive`, { archived })).data.data,
    onSuccess: () => client.invalidateQueries({ queryKey: formLibraryQueryOptions().queryKey }),
  });
}
