import { useInfiniteQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { Slot, SlotsPage } from '../../../../../contracts/rest/booking';

export type { Slot };

/** How many days one answer covers: "Show later days" asks for the next as many. */
export const SLOT_DAYS = 14;

/** A calendar day ('YYYY-MM-DD') `days` later: date arithmetic only, no zone. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** One answer and the first day it covers. */
interface SlotRange extends SlotsPage {
  from: string;
}

/** GET /api/v1/booking/slots: the free times of a coach for one meeting type, grouped by the client's days. */
async function getSlots(
  coachId: number,
  typeId: number,
  from: string,
  signal?: AbortSignal,
): Promise<SlotRange> {
  const response = await api.get<Envelope<SlotsPage>>('/api/v1/booking/slots', {
    signal,
    params: { coach_id: coachId, type_id: typeId, from, days: SLOT_DAYS },
  });
  return { ...response.data.data, from };
}

const slotsKey = (coachId: number, typeId: number) => ['booking', 'slots', coachId, typeId] as const;

/**
 * The free times from `today` (the client's), one range of SLOT_DAYS at a time. A range without a free time ends
 * the paging: the horizon is the coach's, and the app cannot know it.
 */
export const useSlots = (coachId: number, typeId: number, today: string) =>
  useInfiniteQuery({
    queryKey: slotsKey(coachId, typeId),
    queryFn: ({ pageParam, signal }) => getSlots(coachId, typeId, pageParam, signal),
    initialPageParam: today,
    getNextPageParam: (last) =>
      last.days.some((day) => day.slots.length > 0) ? addDays(last.from, SLOT_DAYS) : undefined,
  });
