import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { MeetingType } from '../../../../../contracts/rest/booking';

// The payload types are the API's schemas' (contracts/rest/booking.ts).
export type { MeetingType, NewMeetingType } from '../../../../../contracts/rest/booking';

/** GET /api/v1/coach/meeting-types: the coach's types, archived ones too. */
async function getMeetingTypes(signal?: AbortSignal): Promise<MeetingType[]> {
  return (await api.get<Envelope<MeetingType[]>>('/api/v1/coach/meeting-types', { signal })).data.data;
}

/**
 * The tenant's notice (tenant.json's booking.noticeHours), as the types answer it: the notice in force of a type
 * without its own (a coach's first types, the tenant's, have none). Undefined while every type has its own.
 */
export const tenantNotice = (types: MeetingType[]): number | undefined =>
  types.find((t) => t.notice_hours === null)?.effective_notice_hours;

export const meetingTypesQueryOptions = () =>
  queryOptions({ queryKey: ['coach', 'meeting-types'], queryFn: ({ signal }) => getMeetingTypes(signal) });

export const useMeetingTypes = () => useQuery(meetingTypesQueryOptions());
