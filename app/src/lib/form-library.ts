import { queryOptions } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { Form } from '../../../contracts/rest/forms';

/**
 * GET /api/v1/forms/library: the forms a coach may send (their own and the tenant's) or an admin keeps (the
 * tenant's), newest version each. One query for the builder's list and every "Send a form" picker, so a form
 * saved or archived in the builder shows in the pickers at once.
 */
export const formLibraryQueryOptions = () =>
  queryOptions({
    queryKey: ['forms', 'library'],
    queryFn: async ({ signal }) =>
      (await api.get<Envelope<Form[]>>('/api/v1/forms/library', { signal })).data.data,
  });
