/**
 * A person's own calendar feed (GET, POST, DELETE /api/v1/calendar-feed), for the coach's calendars screen and
 * the client's profile alike. The address is a secret kept only as a hash: POST makes it (or makes it anew, the
 * old one stopping at once) and is the one answer that shows it; GET says only whether a feed works and since
 * when; DELETE turns it off.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeed, CalendarFeedStatus } from '../../../contracts/rest/calendars';
import { api, type Envelope } from './api-client';

export type { CalendarFeed } from '../../../contracts/rest/calendars';

const URL = '/api/v1/calendar-feed';

async function getFeed(signal?: AbortSignal): Promise<CalendarFeedStatus> {
  return (await api.get<Envelope<CalendarFeedStatus>>(URL, { signal })).data.data;
}

const feedQueryOptions = () =>
  queryOptions({ queryKey: ['calendar-feed'], queryFn: ({ signal }) => getFeed(signal) });

export const useCalendarFeed = () => useQuery(feedQueryOptions());

async function makeFeed(): Promise<CalendarFeed> {
  return (await api.post<Envelope<CalendarFeed>>(URL, {})).data.data;
}

async function revokeFeed(): Promise<void> {
  await api.delete(URL);
}

/** Makes the address (or a new one): the answer is the only time it is shown. */
export function useMakeFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: makeFeed,
    // A feed works from now; the API's own time follows.
    onSuccess: () => {
      const { queryKey } = feedQueryOptions();
      const works: CalendarFeedStatus = { created_at: new Date().toISOString() };
      client.setQueryData(queryKey, works);
      return client.invalidateQueries({ queryKey });
    },
  });
}

export function useRevokeFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: revokeFeed,
    onSuccess: () => client.setQueryData(feedQueryOptions().queryKey, null),
  });
}
