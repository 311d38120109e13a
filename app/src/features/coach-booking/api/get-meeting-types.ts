import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { MeetingTypesPage } from '../../../../../contracts/rest/booking';

// The payload types are the API's schemas' (contracts/rest/booking.ts).
export type { MeetingType, MeetingTypesPage, NewMeetingType } from '../../../../../contracts/rest/booking';

/** GET /api/v1/coach/meeting-types: the coach's types, archived ones too, and the tenant's default notice. */
async function getMeetingTypes(signal?: AbortSignal): Promise<MeetingTypesPage> {
  return (await api.get<Envelope<MeetingTypesPage>>('/api/v1/coach/meeting-types', { signal })).data.data;
}

export const meetingTypesQueryOptions = () =>
  queryOptions({ queryKey: ['coach', 'meeting-types'], queryFn: ({ signal }) => getMeetingTypes(signal) });

export const useMeetingTypes = () => useQuery(meetingTypesQueryOptions());
