import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';

/** The coach as the API describes them; every field but the name may be missing. */
export interface CoachProfile {
  id?: number;
  first_name: string;
  last_name: string;
  email?: string | null;
  phone_number?: string | null;
  title?: string | null;
  company?: string | null;
  website?: string | null;
  location?: string | null;
  time_zone?: string | null;
  profile_pic?: string | null;
  bio?: string | null;
  specialties?: string | null;
  certifications?: string | null;
  years_experience?: number | null;
  booking_url?: string | null;
  linkedin?: string | null;
  facebook?: string | null;
  twitter?: string | null;
}

/** POST /api/v1/clientportal/coach/profile/ (body: company_id, client_id): the client's coach. */
async function getCoachProfile(companyId: number | null, clientId: number, signal?: AbortSignal) {
  const response = await api.post<Envelope<CoachProfile | null>>(
    '/api/v1/clientportal/coach/profile/',
    { company_id: companyId, client_id: clientId },
    { signal },
  );
  return response.data.data ?? null;
}

const coachProfileQueryOptions = (companyId: number | null, clientId: number) =>
  queryOptions({
    queryKey: ['coach', 'profile', companyId, clientId],
    queryFn: ({ signal }) => getCoachProfile(companyId, clientId, signal),
  });

export const useCoachProfile = (companyId: number | null, clientId: number) =>
  useQuery(coachProfileQueryOptions(companyId, clientId));
