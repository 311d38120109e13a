import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { SlotsPage } from '../../../../../contracts/rest/booking';

export const previewKey = ['coach', 'booking', 'slots'] as const;

/** How many days the preview shows: the coming week, what a client looks at first. */
export const PREVIEW_DAYS = 7;

/**
 * GET /api/v1/coach/booking/slots?type_id&days: the free times a client would be offered for a type, from
 * today, grouped by the coach's days.
 */
async function getPreviewSlots(typeId: number, signal?: AbortSignal): Promise<SlotsPage> {
  return (
    await api.get<Envelope<SlotsPage>>('/api/v1/coach/booking/slots', {
      params: { type_id: typeId, days: PREVIEW_DAYS },
      signal,
    })
  ).data.data;
}

const previewSlotsQueryOptions = (typeId: number) =>
  queryOptions({
    queryKey: [...previewKey, typeId],
    queryFn: ({ signal }) => getPreviewSlots(typeId, signal),
  });

export const usePreviewSlots = (typeId: number | null) =>
  useQuery({ ...previewSlotsQueryOptions(typeId ?? 0), enabled: typeId !== null });
