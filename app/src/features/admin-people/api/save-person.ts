import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { COMPANIES_KEY } from './get-companies';
import { API_KEYS_KEY } from './get-person-keys';
import type { PersonInput } from '../../../../../contracts/rest/admin';
import { PEOPLE_KEY, type Person } from './get-people';

// What the person form sends is the API's schema's (contracts/rest/admin.ts).
export type { PersonInput } from '../../../../../contracts/rest/admin';

export const PERSON_FIELDS = [
  'email',
  'first_name',
  'last_name',
  'role_id',
  'company_id',
  'time_zone',
  'flags',
  'coach_id',
] as const;

/**
 * POST /api/v1/admin/people (201, a new person; `invite` mails the invitation) or POST /api/v1/admin/people/{id}
 * (a change). The form shows each field's problem beside it.
 */
async function savePerson(input: PersonInput & { id?: number; invite?: boolean }): Promise<Person> {
  const { id, ...body } = input;
  const url = id === undefined ? '/api/v1/admin/people' : `/api/v1/admin/people/${id}`;
  const response = await api.post<Envelope<Person>>(url, body, { fields: [...PERSON_FIELDS] });
  return response.data.data;
}

export function useSavePerson() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: savePerson,
    // A company's count of people moves with a person's company.
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: PEOPLE_KEY }),
        client.invalidateQueries({ queryKey: COMPANIES_KEY }),
        client.invalidateQueries({ queryKey: API_KEYS_KEY }),
      ]),
  });
}
