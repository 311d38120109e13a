/**
 * A person's own calendar feed (GET, POST, DELETE /api/v1/calendar-feed), for the coach's calendars screen and
 * the client's profile alike: the secret address their calendar app subscribes to, made or made anew (the old
 * address stops at once), or turned off.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeed } from '../../../contracts/rest/calendars';
import { api, type Envelope } from './api-client';

export type { CalendarFeed } from '../../../contracts/rest/calendars';

const URL = '/api/v1/calendar-feed';

async function getFeed(signal?: AbortSignal): Promise<CalendarFeed | null> {
  return (await api.get<Envelope<CalendarFeed | null>>(URL, { signal })).data.data;
}

const feedQueryOptions = () =>
  queryOptions({ queryKey: ['calendar-feed'], queryFn: ({ signal }) => getFeed(signal) });

export const useCalendarFeed = () => useQuery(feedQueryOptions());

/** POST makes the address, or replaces it; DELETE turns the feed off. Either way the answer is the feed now. */
async function changeFeed(change: 'make' | 'revoke'): Promise<CalendarFeed | null> {
  if (change === 'revoke') {
    await api.delete(URL);
    return null;
  }
  return (await api.post<Envelope<CalendarFeed>>(URL, {})).data.data;
}

export function useChangeFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: changeFeed,
    onSuccess: (feed) => client.setQueryData(feedQueryOptions().queryKey, feed),
  });
}
